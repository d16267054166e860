import type { Catalog } from '../../lib/i18n';

export default {
  'offline-gate': {
    verifiedOffline: 'Verificado sin conexión — última sincronización {time}',
    unknownPass: 'Pase rechazado sin conexión: no está entre los pases que esta tableta sincronizó por última vez a las {time}.',
    outsideWindow: 'Esta invitación es válida el {date} de {from} a {to}',
    passOutsideWindow: 'Este pase recurrente es válido el {date} de {from} a {to}',
    checkedInSaved: 'Entrada del visitante registrada — guardada en esta tableta',
    checkedOutSaved: 'Salida del visitante registrada — guardada en esta tableta',
    savedOnTablet: 'Guardado en esta tableta: se enviará cuando vuelva la conexión.',
    checkedInOffline: 'Entrada de {name} registrada: casa {house}.',
  },
  GateConnectionBanner: {
    offline: 'Sin conexión — las entradas se guardan en esta tableta y se envían cuando vuelva la conexión',
    waiting: { one: '{count} registro en espera', other: '{count} registros en espera' },
    sending: 'Enviando los registros guardados en esta tableta',
  },
  NeedsReview: {
    title: 'Por revisar',
    description:
      'Registros hechos sin conexión que el servidor rechazó al recibirlos. La persona sí pasó por la entrada: descarta cada uno cuando esté resuelto.',
    list: 'Registros por revisar',
    checkIn: 'Entrada',
    checkOut: 'Salida',
    unknownVisitor: 'Visitante desconocido',
    when: '{action}: {time}',
    serverSaid: 'Respuesta del servidor',
    dismiss: 'Descartar',
    dismissOf: 'Descartar la revisión de {name}',
    record: 'Registrar paso',
    recordOf: 'Registrar el paso de {name}',
    dismissed: 'Revisión descartada',
    dismissFailed: 'No se pudo descartar la revisión',
  },
  RecordEntryDialog: {
    title: 'Registrar paso',
    description: '{name} sí pasó por la entrada ({action}: {time}). Tu nota se guarda con el registro.',
    note: 'Nota',
    noteHint: 'Qué pasó en la entrada: quién dejó pasar a la persona y por qué.',
    noteRequired: 'Escribe una nota',
    cancel: 'Cancelar',
    save: 'Registrar paso',
    saving: 'Guardando…',
    recorded: 'Paso registrado',
    failed: 'No se pudo registrar el paso',
  },
} satisfies Catalog;
