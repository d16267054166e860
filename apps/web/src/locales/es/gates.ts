import type { Catalog } from '../../lib/i18n';

/**
 * Spanish texts of the gates (docs/operations.md#gates): the admins' page, the tablet's gate, the
 * visitor's gates.
 */
export default {
  GatesNavigation: {
    gates: 'Puertas',
  },
  GatesPage: {
    title: 'Puertas',
    subtitle: 'Las entradas de la comunidad. Los guardias eligen su puerta en la tableta; cada entrada y salida la registra.',
    loading: 'Cargando puertas',
    addTitle: 'Añadir una puerta',
    name: 'Nombre de la puerta',
    add: 'Añadir puerta',
    empty: 'Todavía no hay puertas',
    emptyHint: 'Añade las puertas de la comunidad para que cada entrada y salida registre dónde ocurrió.',
    total: { one: '{count} puerta', other: '{count} puertas' },
    listLabel: 'Puertas',
    created: 'Añadida {when}',
    rename: 'Renombrar',
    renameGate: 'Renombrar {name}',
    newName: 'Nuevo nombre para {name}',
    save: 'Guardar',
    cancel: 'Cancelar',
    activate: 'Activar',
    activateGate: 'Activar {name}',
    deactivate: 'Desactivar',
    deactivateGate: 'Desactivar {name}',
    added: '{name} añadida',
  },
  GateChooser: {
    chooseTitle: '¿En qué puerta está esta tableta?',
    chooseHint: 'Cada entrada y salida registrada en esta tableta guarda la puerta que elijas. Este dispositivo la recuerda.',
    chooseGate: 'Esta tableta está en {name}',
    thisGate: 'Puerta: {name}',
    onlyGate: 'Puerta: {name} (la única puerta)',
    change: 'Cambiar puerta',
    changeLabel: 'Cambiar puerta (ahora {name})',
    cancel: 'Mantener esta puerta',
    gates: 'Puertas',
  },
  VisitorGates: {
    checkInGate: 'Puerta de entrada',
    checkOutGate: 'Puerta de salida',
    atGate: 'en {gate}',
  },
} satisfies Catalog;
