import type { Catalog } from '../../lib/i18n';

/** The pass card's share actions (features/passes/PassShareActions). */
export default {
  PassShareActions: {
    actions: 'Compartir el pase',
    share: 'Compartir',
    download: 'Descargar',
    print: 'Imprimir',
    copied: 'Copiado',
    shareFailed: 'No se pudo compartir ni copiar el pase. Usa Descargar y envía la imagen.',
    dismiss: 'Cerrar aviso',
  },
} satisfies Catalog;
