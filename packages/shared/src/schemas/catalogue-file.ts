import { z } from 'zod';

/**
 * SPEC-2 section 6: the CSV files of a catalogue import and export, their columns in this order.
 * `quantityPrices` (SPEC-3 section 6) is `from:price` pairs, `10:7.50;50:6.90`, empty for none; a
 * file without that column (made before it) leaves the quantity prices of the shop's parts as they are.
 */
export const PRODUCT_CSV_COLUMNS = ['name', 'decreption', 'price', 'quantity', 'minimum', 'category', 'brand', 'partNumber', 'oemNumbers', 'img', 'quantityPrices'] as const;
/** The products file's columns an import takes a file without. */
export const PRODUCT_CSV_OPTIONAL = ['quantityPrices'] as const;
/**
 * The products file's optional column of the stock each row's quantity was read from. The export
 * writes it (beside quantity, the same number); an import writes a part's stock only where
 * quantity differs from it, and only while the shop still holds it. A file without it (older
 * exports, files made by hand) leaves the stock of the shop's parts as it is.
 */
export const PRODUCT_CSV_STOCK_SEEN = 'quantitySeen';
export const FITMENT_CSV_COLUMNS = ['partNumber', 'make', 'model', 'yearFrom', 'yearTo', 'note'] as const;
/** A fitment row whose make and model are both this marks the part as universal (fits every bike). */
export const UNIVERSAL_FITMENT = '*';
/**
 * The service kits file (SPEC-3 section 5): a row per kit line, the vehicle named by make, model,
 * variant and its years, the kit's intervals on each of its rows, the part by part number. A kit
 * in the file replaces the vehicle's kit. `variant` may be left out where the model has one.
 */
export const SERVICE_KIT_CSV_COLUMNS = ['make', 'model', 'variant', 'yearFrom', 'yearTo', 'intervalKm', 'intervalMonths', 'partNumber', 'quantity', 'note'] as const;
export const SERVICE_KIT_CSV_OPTIONAL = ['variant'] as const;
/** The largest file an import takes, each. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_FILES = ['products', 'fitment', 'serviceKits'] as const;
/**
 * The most rows a file may hold; a longer file is refused as soon as the row after the last is
 * read, so an import is checked and written within the request's time.
 */
export const IMPORT_MAX_ROWS = { products: 10_000, fitment: 50_000, serviceKits: 50_000 } as const;
export type ImportFile = (typeof IMPORT_FILES)[number];

export const importMessages = {
  tooLarge: `Each file may be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  noFiles: 'Choose a products file, a fitment file, a service kits file or several',
  oneEach: 'Send at most one products file, one fitment file and one service kits file',
  notCsv: 'This is not a CSV file of text',
  /** What to do with a file the import cannot read as text (a workbook, an unknown encoding). */
  resave: "In Excel, choose File > Save As > 'CSV UTF-8 (Comma delimited)' and import that file",
  header: (columns: readonly string[]) => `The first line must name the columns ${columns.join(', ')}`,
  unknownColumn: (column: string) => `Unknown column '${column}'`,
  missingColumn: (column: string) => `Missing column '${column}'`,
  columnCount: (found: number, wanted: number) => `This line has ${found} fields; the header has ${wanted}`,
  empty: 'The file holds no rows',
  partNumberRequired: 'partNumber is required: parts are matched by it',
  duplicatePart: (partNumber: string, line: number) => `Part number ${partNumber} is also on line ${line}`,
  ambiguousPart: (partNumber: string) => `Part number ${partNumber} matches more than one part in the shop`,
  unknownCategory: (name: string) => `Unknown category '${name}': add it under Categories first`,
  unknownImage: (path: string) => `The image ${path} is not in the shop: upload it first, or leave img empty for a drawn picture`,
  unknownPart: (partNumber: string) => `Part number ${partNumber} is neither in the products file nor in the shop`,
  field: (column: string, message: string) => `${column}: ${message}`,
  /** A service kits row whose make, model, variant and years meet several of the shop's vehicles. */
  kitVehicleAmbiguous: (bike: string, years: readonly string[]) => `The ${bike} is more than one vehicle here (${years.join(', ')}): give its yearFrom and yearTo`,
  kitPartDoesNotFit: (part: string, bike: string) => `${part} does not fit the ${bike}: a kit takes only parts that fit the bike or every bike`,
  kitIntervalsDiffer: (line: number) => `A kit has one interval: intervalKm and intervalMonths must be those of line ${line}, the kit's first row`,
  tooManyRows: (file: ImportFile, max: number) => `The ${file === 'serviceKits' ? 'service kits' : file} file may hold at most ${max.toLocaleString('en-GB')} rows: split it and import the parts one after the other`,
  stockMoved: (partNumber: string, now: number, seen: number) =>
    `The stock of ${partNumber} is now ${now}, not the ${seen} this file was made from: it changed since. Set quantitySeen to ${now} and quantity to the stock you want, or export again`,
} as const;

export const importProblemSchema = z.object({
  file: z.enum(IMPORT_FILES),
  line: z.number().int(),
  /** The part number on that line, where it has one: the row to find in the spreadsheet. */
  partNumber: z.string().optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** POST /catalogue/import: what the files hold (checked) or what was written, and every bad row. */
export const importReportSchema = z.object({
  /** Whether the catalogue was changed: only when asked to write and nothing is wrong. */
  written: z.boolean(),
  products: z.object({ added: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  fitment: z.object({ parts: z.number().int(), rows: z.number().int(), changed: z.number().int() }),
  /** Only when a service kits file was sent: the vehicles whose kit it holds, their lines, and the kits it changes. */
  serviceKits: z.object({ vehicles: z.number().int(), lines: z.number().int(), changed: z.number().int() }).optional(),
  /** At most 500, in file and line order; `errorCount` says how many in all. */
  errors: z.array(importProblemSchema),
  errorCount: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importQuerySchema = z.object({
  /** 'true': check only, write nothing. */
  check: z.enum(['true', 'false']).optional(),
});
