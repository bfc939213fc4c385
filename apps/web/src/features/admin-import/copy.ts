import { FITMENT_CSV_COLUMNS, IMPORT_MAX_ROWS, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_STOCK_SEEN, SERVICE_KIT_CSV_COLUMNS, UNIVERSAL_FITMENT } from '@shop/shared';

/** Every text of the admin's catalogue import and export page. */
export const adminImportCopy = {
  documentTitle: 'Import Products | Moto Parts',
  heading: 'Import Products',
  intro: 'Add or update many parts at once from a spreadsheet, with the bikes they fit. Parts are matched by part number, so importing the same file twice changes nothing.',
  importHeading: 'Import',
  products: 'Products CSV',
  productsHint: `columns: ${PRODUCT_CSV_COLUMNS.join(', ')}, and ${PRODUCT_CSV_STOCK_SEEN} as the export writes it: a part's stock changes only where quantity differs from it`,
  fitment: 'Fitment CSV',
  fitmentHint: `columns: ${FITMENT_CSV_COLUMNS.join(', ')}; make and model '${UNIVERSAL_FITMENT}' for a universal part`,
  serviceKits: 'Service kits CSV',
  serviceKitsHint: `columns: ${SERVICE_KIT_CSV_COLUMNS.join(', ')}; a row per kit line, the kit's intervals on each; a vehicle's kit in the file replaces its kit`,
  formatsNote:
    "Files saved by Excel are read as they are: fields separated by commas, semicolons or tabs, text in UTF-8, Windows-1252 or Excel's Unicode Text, and prices with a decimal comma (12,50) in files separated by semicolons or tabs.",
  imgNote: `img is the path of an image already uploaded to the shop, or empty for a drawn picture. Each file may be at most 50 MB, with at most ${IMPORT_MAX_ROWS.products.toLocaleString('en-US')} parts or ${IMPORT_MAX_ROWS.fitment.toLocaleString('en-US')} fitment rows.`,
  check: 'Check files',
  import: 'Import',
  chooseFile: 'Choose a products file, a fitment file, a service kits file or several.',
  sending: 'Sending the files',
  checking: 'Checking',
  importing: 'Importing',
  checked: 'Nothing is wrong: the files can be imported.',
  checkFirst: 'Check your files first',
  summary: (report: { products: { added: number; changed: number; unchanged: number }; fitment: { parts: number; rows: number; changed: number }; serviceKits?: { vehicles: number; lines: number; changed: number } | undefined }) =>
    `${report.products.added} new ${report.products.added === 1 ? 'part' : 'parts'}, ${report.products.changed} changed, ${report.products.unchanged} unchanged; fitment of ${report.fitment.parts} ${report.fitment.parts === 1 ? 'part' : 'parts'} (${report.fitment.rows} rows), ${report.fitment.changed} to change.` +
    (report.serviceKits ? ` Service kits of ${report.serviceKits.vehicles} ${report.serviceKits.vehicles === 1 ? 'vehicle' : 'vehicles'} (${report.serviceKits.lines} lines), ${report.serviceKits.changed} to change.` : ''),
  problems: (count: number) => `${count} ${count === 1 ? 'row needs' : 'rows need'} fixing. Nothing has been written.`,
  more: (count: number) => `and ${count} more`,
  columns: { file: 'File', line: 'Line', partNumber: 'Part number', reason: 'Reason' },
  downloadProblems: 'Download the rows to fix (CSV)',
  /** The rows to fix as a file to open beside the spreadsheet, with the table's columns. */
  problemsFileName: 'rows-to-fix.csv',
  fileNames: { products: 'Products', fitment: 'Fitment', serviceKits: 'Service kits' },
  problemsLabel: 'Rows to fix',
  imported: 'Catalogue imported',
  importFailed: 'The catalogue could not be imported.',
  exportHeading: 'Export',
  exportIntro: 'The files as the import reads them: export, edit in a spreadsheet, import again.',
  exportProducts: 'Export products',
  exportFitment: 'Export fitment',
  exportServiceKits: 'Export service kits',
  exportFailed: 'The file could not be exported.',
} as const;
