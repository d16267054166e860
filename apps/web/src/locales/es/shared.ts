import type { Catalog } from '../../lib/i18n';

export default {
  App: {
    loading: 'Cargando…',
  },
  format: {
    houseBlock: 'Bloque',
    admin: 'Administrador',
    resident: 'Residente',
    guard: 'Guardia',
    waitingForResident: 'Esperando a un residente',
    noHost: 'Ninguno (visita sin invitación)',
  },
} satisfies Catalog;
