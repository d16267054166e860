import type { Catalog } from '../../lib/i18n';

/**
 * Spanish texts of Inside now, the evacuation roll call
 * (docs/operations.md#reports-exports-and-inside-now).
 */
export default {
  InsideNowPage: {
    title: 'Dentro ahora',
    subtitle: 'Todas las personas con entrada registrada en este momento, por puerta y casa: la lista para una evacuación.',
    insideCount: { one: '{count} persona dentro', other: '{count} personas dentro' },
    print: 'Imprimir',
    loading: 'Cargando quién está dentro',
    offlineAsOf: 'Sin conexión — a las {time}',
    offlineHint:
      'Esta lista es la copia guardada en este dispositivo, con las entradas y salidas registradas aquí desde entonces. Los teléfonos no se guardan en el dispositivo.',
    capped: 'Se muestran las primeras {shown} de {total}.',
    emptyTitle: 'No hay nadie dentro',
    emptyHint: 'Ningún visitante tiene la entrada registrada ahora mismo.',
    noGate: 'Puerta no registrada',
    gate: 'Puerta {name}',
    house: 'Casa {house}',
    houseCount: { one: '{count} dentro', other: '{count} dentro' },
    name: 'Nombre',
    phone: 'Teléfono',
    checkedIn: 'Entrada',
    kind: 'Tipo',
    vehicle: 'Vehículo',
    host: 'Anfitrión: {name}',
    none: '—',
    invitation: 'Invitación',
    walkIn: 'Sin invitación',
    printedAt: 'Impreso el {time}',
  },
  InsideNowLink: {
    insideNow: 'Dentro ahora',
  },
  InsideNowNavigation: {
    insideNow: 'Dentro ahora',
  },
} satisfies Catalog;
