import type { Catalog } from '../../lib/i18n';

/** Spanish texts of erasing a visitor's personal data (docs/privacy.md#retention-and-erasure). */
export default {
  VisitorErase: {
    erase: 'Borrar datos personales',
    title: '¿Borrar los datos personales?',
    question:
      'El nombre pasa a ser «Visitor», y el teléfono, el correo electrónico, la matrícula, el motivo, las notas y la foto se eliminan para siempre. La fecha, la casa, el estado y las horas de la entrada se conservan para los informes. Esto no se puede deshacer.',
    keep: 'Conservar datos',
    failed: 'No se pudieron borrar los datos personales',
    erasedOn: 'Datos personales borrados el {date}.',
    erasedHint: 'El nombre mostrado no es el del visitante.',
  },
} satisfies Catalog;
