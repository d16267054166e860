import type { Catalog } from '../../lib/i18n';

/** The CSV exports (operations §4): the Export CSV button. */
export default {
  ExportCsvButton: {
    exportCsv: 'Exportar CSV',
    exporting: 'Exportando…',
  },
} satisfies Catalog;
