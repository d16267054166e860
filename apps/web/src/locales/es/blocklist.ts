import type { Catalog } from '../../lib/i18n';

/**
 * Spanish texts of the blocklist (docs/operations.md#blocklist): the admins' page and the gate's
 * warning.
 */
export default {
  BlocklistPage: {
    title: 'Lista de bloqueo',
    subtitle: 'Personas a las que la entrada no debe dejar pasar, por teléfono o matrícula. Los guardias solo ven el motivo.',
    add: 'Añadir a la lista de bloqueo',
    loading: 'Cargando la lista de bloqueo',
    empty: 'No hay nadie en la lista de bloqueo',
    emptyHint: 'Añade a una persona por teléfono o matrícula para que la entrada la rechace.',
    total: { one: '{count} registro', other: '{count} registros' },
    listLabel: 'Registros de la lista de bloqueo',
    phone: 'Teléfono',
    plate: 'Matrícula',
    reason: 'Motivo',
    added: 'Añadido por {name} el {when}',
    remove: 'Quitar',
    removeEntry: 'Quitar a {name} de la lista de bloqueo',
    removeTitle: '¿Quitar de la lista de bloqueo?',
    removeQuestion: '¿Quitar a {name} de la lista de bloqueo? La entrada volverá a dejarle pasar.',
    removed: 'Quitado de la lista de bloqueo',
    none: 'Ninguno',
    addTitle: 'Añadir a la lista de bloqueo',
    addDescription: 'Indica un teléfono, una matrícula o ambos: la entrada compara cualquiera de los dos.',
    name: 'Nombre',
    phoneHint: 'Se compara sin tener en cuenta espacios ni guiones.',
    reasonHint: 'Se muestra al guardia en la entrada.',
    cancel: 'Cancelar',
    save: 'Añadir registro',
    saving: 'Añadiendo…',
    saved: 'Añadido a la lista de bloqueo',
  },
  BlocklistWarning: {
    title: 'En la lista de bloqueo de la comunidad',
    reason: 'Motivo: {reason}',
    doNotAdmit: 'No dejes pasar a este visitante. Llama al comité si insiste.',
    override: 'Anular y registrar la entrada',
    notes: '¿Por qué le dejas pasar?',
    notesHint: 'Obligatorio. Se guarda en el registro de auditoría con tu nombre.',
    notesRequired: 'Las notas son obligatorias para anular la lista de bloqueo',
    confirm: 'Registrar la entrada de todos modos',
    cancel: 'Cancelar',
  },
  BlocklistNotification: {
    refused: '{name} está en la lista de bloqueo: se rechazó su entrada en la puerta',
  },
  BlocklistAlerts: {
    title: 'Alertas de la lista de bloqueo',
    description: 'Entradas que la puerta rechazó: el visitante está en la lista de bloqueo.',
    list: 'Entradas rechazadas',
    refused: '{name} para la casa {house}, rechazado a las {time}',
    seen: 'Marcar como vistas',
  },
  BlocklistNavigation: {
    blocklist: 'Lista de bloqueo',
  },
} satisfies Catalog;
