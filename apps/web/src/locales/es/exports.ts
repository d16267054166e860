import type { Catalog } from '../../lib/i18n';

/** The CSV exports (docs/operations.md#reports-exports-and-inside-now): the Export CSV button. */
export default {
  ExportCsvButton: {
    exportCsv: 'Exportar CSV',
    exporting: 'Exportando…',
  },
} satisfies Catalog;
