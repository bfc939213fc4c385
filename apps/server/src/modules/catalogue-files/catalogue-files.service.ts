import {
  centsToDollars,
  categoryKey,
  checkQuantityPrices,
  createProductFields,
  DEFAULT_CATEGORY,
  FITMENT_CSV_COLUMNS,
  fitmentMessages,
  fitmentRowInputSchema,
  fromSpreadsheetText,
  type ImportFile,
  IMPORT_FILES,
  IMPORT_MAX_ROWS,
  importMessages,
  type ImportProblem,
  type ImportReport,
  partNumberKey,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_OPTIONAL,
  PRODUCT_CSV_STOCK_SEEN,
  productMessages,
  quantityPricesText,
  SERVICE_KIT_CSV_COLUMNS,
  SERVICE_KIT_CSV_OPTIONAL,
  SERVICE_KIT_LINES_MAX,
  serviceKitInputSchema,
  serviceKitMessages,
  UNIVERSAL_FITMENT,
  updateProductFields,
  vehicleNameKey,
} from '@shop/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { parseStringList } from '../../lib/string-list.js';
import type { ImagesService } from '../images/images.plugin.js';
import { quantityPricesColumn, quantityPricesOf } from '../products/products.plugin.js';
import type { VehiclesService } from '../vehicles/vehicles.plugin.js';
import { type CsvRead, type CsvRow, readCsv, writeCsv } from './csv.js';
import type { CatalogueFilesRepository, ExistingProduct, FitmentColumns, ImportWrite, ProductColumns, ServiceKitWrite, StoredServiceKit } from './catalogue-files.repository.js';
import type { Actor } from '../activity/activity.plugin.js';

/** At most this many problems are listed (and kept); the count says how many in all. */
const PROBLEMS_SHOWN = 500;
/** Rows checked or planned between turns of the event loop, so other customers are served meanwhile. */
const ROWS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const productRowSchema = createProductFields.omit({ img: true, images: true, fitment: true }).extend({ quantitySeen: updateProductFields.shape.quantitySeen }).superRefine(checkQuantityPrices);
/** The products file's columns as the export writes them: SPEC-2's and SPEC-3's, then the stock it saw. */
const PRODUCT_EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, PRODUCT_CSV_STOCK_SEEN] as const;
type ProductColumn = (typeof PRODUCT_EXPORT_COLUMNS)[number];
type FitmentColumn = (typeof FITMENT_CSV_COLUMNS)[number];
type KitColumn = (typeof SERVICE_KIT_CSV_COLUMNS)[number];

/** A service kits row's kit and line fields, by the rules of PUT /vehicles/{id}/service-kit. */
const kitLineSchema = serviceKitInputSchema.shape.lines.element;
const kitIntervalsSchema = z.object({ intervalKm: serviceKitInputSchema.shape.intervalKm, intervalMonths: serviceKitInputSchema.shape.intervalMonths });
const kitLineFieldsSchema = z.object({ quantity: kitLineSchema.shape.quantity, note: kitLineSchema.shape.note });

/** The files of an import, each read as it arrived. */
export interface ReadFiles {
  products?: CsvRead<ProductColumn> | undefined;
  fitment?: CsvRead<FitmentColumn> | undefined;
  serviceKits?: CsvRead<KitColumn> | undefined;
}

/**
 * The problems of an import: every one counted, the first PROBLEMS_SHOWN in file and line order
 * kept, so a file wrong on every line costs no more memory than one wrong on a few.
 */
function problemList() {
  let kept: ImportProblem[] = [];
  let count = 0;
  const order = (a: ImportProblem, b: ImportProblem) => (a.file === b.file ? a.line - b.line : IMPORT_FILES.indexOf(a.file) - IMPORT_FILES.indexOf(b.file));
  return {
    push(problem: ImportProblem) {
      count++;
      kept.push(problem);
      if (kept.length >= PROBLEMS_SHOWN * 4) kept = kept.sort(order).slice(0, PROBLEMS_SHOWN);
    },
    get count() {
      return count;
    },
    shown: () => kept.sort(order).slice(0, PROBLEMS_SHOWN),
  };
}
type Problems = ReturnType<typeof problemList>;

/** A checked product row: its columns, and where its image comes from. */
interface PlannedProduct {
  line: number;
  key: string;
  columns: Omit<ProductColumns, 'img'>;
  /** The stock the file's quantity was read from (its quantitySeen), when it says. */
  stockSeen: number | undefined;
  /** A stored image, or '' for a drawn one (new parts) or the current one (parts the shop has). */
  img: string;
  category: string;
  existing?: ExistingProduct | undefined;
}

/** A checked service kit: the vehicle, its intervals, and each line's part (the products file's or the shop's). */
interface PlannedKit {
  vehicleId: string;
  intervalKm: number;
  intervalMonths: number;
  lines: Array<{ part: PlannedProduct | ExistingProduct; name: string; quantity: number; note: string }>;
}

/**
 * A price written with a decimal comma ('12,50', '1.234,50'), as spreadsheets write it where the
 * comma is the decimal mark and a semicolon or a tab separates the fields, with a decimal point;
 * anything else as it is, for the price rule to judge.
 */
const decimalPoint = (price: string): string => {
  const value = price.trim();
  return /^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(value) ? value.replaceAll('.', '').replace(',', '.') : price;
};

/** A quantityPrices cell's prices (`10:7,50;50:6,90`) with a decimal point, as `decimalPoint` reads a price. */
const decimalPointPairs = (cell: string): string =>
  cell
    .split(';')
    .map((pair) => {
      const colon = pair.indexOf(':');
      return colon === -1 ? pair : `${pair.slice(0, colon + 1)}${decimalPoint(pair.slice(colon + 1))}`;
    })
    .join(';');

const tooManyRows = (file: ImportFile) => () => new AppError(413, 'PAYLOAD_TOO_LARGE', importMessages.tooManyRows(file, IMPORT_MAX_ROWS[file]));

/** Draws and stores the picture of a part of a category that came without one; answers its path. */
export type PlaceholderImage = (category: string) => Promise<string>;

const fitmentKey = (rows: ReadonlyArray<Pick<FitmentColumns, 'vehicle_id' | 'year_from' | 'year_to' | 'note'>>) =>
  rows
    .map((row) => `${row.vehicle_id}|${row.year_from ?? ''}|${row.year_to ?? ''}|${row.note ?? ''}`)
    .sort()
    .join('\n');

/** Whether a vehicle's kit now is the one an import would write: the same intervals and lines in order. */
const sameKit = (current: StoredServiceKit | undefined, kit: ServiceKitWrite): boolean =>
  current !== undefined &&
  current.interval_km === kit.interval_km &&
  current.interval_months === kit.interval_months &&
  current.lines.length === kit.lines.length &&
  current.lines.every((line, index) => line.product_id === kit.lines[index]!.product_id && line.quantity === kit.lines[index]!.quantity && line.note === kit.lines[index]!.note);

/**
 * Catalogue import and export (SPEC-2 section 6): the products CSV and the fitment CSV. An
 * import is checked whole first (every bad row with its line), and written only when nothing is
 * wrong, in one transaction; parts are matched by part number, and what is already so is not
 * written again, so the same files twice change nothing.
 */
export function createCatalogueFilesService({
  repository,
  vehicles,
  images,
  imageExists,
  placeholder,
}: {
  repository: CatalogueFilesRepository;
  vehicles: Pick<VehiclesService, 'fitmentResolver'>;
  images: Pick<ImagesService, 'assertStored'>;
  imageExists: (path: string) => Promise<boolean>;
  placeholder: PlaceholderImage;
}) {
  async function planProducts(rows: CsvRow<ProductColumn>[], { decimalComma }: { decimalComma: boolean }, problems: Problems): Promise<{ planned: PlannedProduct[]; numbers: Set<string> }> {
    const partNumberOf = new Map<number, string>();
    const problem = (line: number, message: string) => problems.push({ file: 'products', line, partNumber: partNumberOf.get(line), message });
    const categories = await repository.categoryIds();
    const images = new Map<string, boolean>();
    const seen = new Map<string, number>();
    const planned: PlannedProduct[] = [];
    for (const [index, { line, values: raw }] of rows.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const values = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, fromSpreadsheetText(value as string)])) as Record<ProductColumn, string>;
      if (values.partNumber.trim()) partNumberOf.set(line, values.partNumber.trim());
      const price = decimalComma ? decimalPoint(values.price) : values.price;
      // A file without the column (made before it) leaves a part's quantity prices as they are; an empty cell is none.
      const quantityPrices = values.quantityPrices === undefined ? undefined : decimalComma ? decimalPointPairs(values.quantityPrices) : values.quantityPrices;
      const parsed = productRowSchema.safeParse({ ...values, price, quantitySeen: values.quantitySeen?.trim() || undefined, quantityPrices });
      if (!parsed.success) {
        const fields = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          if (fields.has(field)) continue;
          fields.add(field);
          problem(line, importMessages.field(field, issue.message));
        }
      }
      const key = partNumberKey(values.partNumber);
      if (!key) problem(line, importMessages.partNumberRequired);
      else if (seen.has(key)) problem(line, importMessages.duplicatePart(values.partNumber.trim(), seen.get(key)!));
      else seen.set(key, line);
      const category = values.category.trim() || DEFAULT_CATEGORY;
      const categoryId = categories.get(categoryKey(category));
      if (!categoryId) problem(line, importMessages.unknownCategory(category));
      const img = values.img.trim();
      if (img) {
        if (!images.has(img)) images.set(img, await imageExists(img));
        if (!images.get(img)) problem(line, importMessages.unknownImage(img));
      }
      if (!parsed.success || !key || !categoryId) continue;
      const product = parsed.data;
      planned.push({
        line,
        key,
        category,
        img,
        stockSeen: product.quantitySeen,
        columns: {
          name: product.name,
          description: product.decreption,
          price_cents: product.price,
          quantity: product.quantity,
          minimum: product.minimum,
          category_id: categoryId,
          brand: product.brand ?? '',
          part_number: product.partNumber ?? values.partNumber.trim(),
          part_number_key: key,
          oem_numbers: JSON.stringify(product.oemNumbers ?? []),
          ...(product.quantityPrices === undefined ? {} : { quantity_prices: quantityPricesColumn(product.quantityPrices.map(({ from, price: priceCents }) => ({ from, priceCents }))) }),
        },
      });
    }
    // Each row is matched with the shop's part of the same number; two such parts make it ambiguous.
    const byKey = new Map<string, ExistingProduct[]>();
    for (const product of await repository.productsByKeys(planned.map((part) => part.key))) byKey.set(product.part_number_key, [...(byKey.get(product.part_number_key) ?? []), product]);
    for (const part of planned) {
      const matches = byKey.get(part.key) ?? [];
      if (matches.length > 1) problem(part.line, importMessages.ambiguousPart(part.columns.part_number!));
      part.existing = matches[0];
      // A row without quantity prices keeps the part's: they stay below its new list price too.
      if (part.existing && part.columns.quantity_prices === undefined && quantityPricesOf(part.existing.quantity_prices).some((tier) => tier.priceCents >= part.columns.price_cents)) {
        problem(part.line, importMessages.field('quantityPrices', productMessages.quantityPriceNotBelowList));
      }
    }
    return { planned, numbers: new Set(seen.keys()) };
  }

  /** Each part's fitment in the file: the part's id (or its planned product), its universal mark and rows. */
  async function planFitment(rows: CsvRow<FitmentColumn>[], products: PlannedProduct[], numbersInFile: Set<string>, problems: Problems) {
    const partNumberOf = new Map<number, string>();
    const problem = (line: number, message: string) => problems.push({ file: 'fitment', line, partNumber: partNumberOf.get(line), message });
    const inFile = new Map(products.map((part) => [part.key, part]));
    const groups = new Map<string, { partNumber: string; firstLine: number; lines: number[]; rows: z.output<typeof fitmentRowInputSchema>[]; universal: boolean }>();
    for (const [index, { line, values: raw }] of rows.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const values = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, fromSpreadsheetText(value as string)])) as Record<FitmentColumn, string>;
      if (values.partNumber.trim()) partNumberOf.set(line, values.partNumber.trim());
      const key = partNumberKey(values.partNumber);
      if (!key) {
        problem(line, importMessages.partNumberRequired);
        continue;
      }
      const group = groups.get(key) ?? { partNumber: values.partNumber.trim(), firstLine: line, lines: [], rows: [], universal: false };
      groups.set(key, group);
      if (values.make.trim() === UNIVERSAL_FITMENT && values.model.trim() === UNIVERSAL_FITMENT) {
        group.universal = true;
        continue;
      }
      const parsed = fitmentRowInputSchema.safeParse({ make: values.make, model: values.model, yearFrom: values.yearFrom.trim(), yearTo: values.yearTo.trim(), note: values.note });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problem(line, importMessages.field(String(issue.path[0] ?? ''), issue.message));
        continue;
      }
      group.lines.push(line);
      group.rows.push(parsed.data);
    }
    const outside = [...groups.keys()].filter((key) => !inFile.has(key));
    const shop = new Map<string, ExistingProduct[]>();
    for (const product of await repository.productsByKeys(outside)) shop.set(product.part_number_key, [...(shop.get(product.part_number_key) ?? []), product]);
    const resolver = await vehicles.fitmentResolver();
    const planned: Array<{ key: string; part: PlannedProduct | ExistingProduct; universal: boolean; rows: FitmentColumns[] }> = [];
    for (const [index, [key, group]] of [...groups].entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const part = inFile.get(key) ?? shop.get(key)?.[0];
      const firstLine = group.lines[0] ?? group.firstLine;
      if (!part) {
        // A part whose own row is wrong is reported there; its bikes are still checked.
        if (numbersInFile.has(key)) for (const error of resolver.resolve(group.rows).errors) problem(group.lines[error.index]!, error.message);
        else problem(firstLine, importMessages.unknownPart(group.partNumber));
        continue;
      }
      if (!inFile.has(key) && (shop.get(key)?.length ?? 0) > 1) problem(firstLine, importMessages.ambiguousPart(group.partNumber));
      const resolved = resolver.resolve(group.rows);
      for (const error of resolved.errors) problem(group.lines[error.index]!, error.message);
      planned.push({ key, part, universal: group.universal, rows: resolved.rows });
    }
    return planned;
  }

  /**
   * The service kits file's kits: a vehicle's rows make its kit, which replaces the one it has.
   * The rules of PUT /vehicles/{id}/service-kit hold for each: one interval km and months, at most
   * SERVICE_KIT_LINES_MAX lines, a part once, a quantity within bounds, and only parts that fit
   * the vehicle or every bike, as the shop will hold them after this import (the fitment file's
   * rows for its parts, the shop's for the others).
   */
  async function planServiceKits(
    rows: CsvRow<KitColumn>[],
    products: PlannedProduct[],
    fitment: Awaited<ReturnType<typeof planFitment>>,
    problems: Problems,
  ): Promise<PlannedKit[]> {
    const partNumberOf = new Map<number, string>();
    const problem = (line: number, message: string) => problems.push({ file: 'serviceKits', line, partNumber: partNumberOf.get(line), message });
    const byModel = new Map<string, Awaited<ReturnType<CatalogueFilesRepository['vehicles']>>>();
    for (const vehicle of await repository.vehicles()) {
      const key = `${vehicle.make_key}\u0000${vehicle.model_key}`;
      const known = byModel.get(key);
      if (known) known.push(vehicle);
      else byModel.set(key, [vehicle]);
    }
    interface KitRows {
      bike: string;
      firstLine: number;
      intervalKm: number;
      intervalMonths: number;
      /** The line each part is on. */
      parts: Map<string, number>;
      lines: Array<{ line: number; key: string; partNumber: string; quantity: number; note: string }>;
    }
    const kits = new Map<string, KitRows>();
    for (const [index, { line, values: raw }] of rows.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const values = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, fromSpreadsheetText(value as string)])) as Record<KitColumn, string>;
      const partNumber = values.partNumber.trim();
      if (partNumber) partNumberOf.set(line, partNumber);
      const bikeRow = fitmentRowInputSchema.safeParse({ make: values.make, model: values.model, yearFrom: values.yearFrom.trim(), yearTo: values.yearTo.trim(), note: '' });
      // A row with no part and no quantity sets a kit's intervals alone: the export writes one for a kit without lines.
      const intervalsOnly = !partNumber && !values.quantity.trim() && !values.note.trim();
      const intervals = kitIntervalsSchema.safeParse({ intervalKm: values.intervalKm.trim(), intervalMonths: values.intervalMonths.trim() });
      const lineFields = kitLineFieldsSchema.safeParse({ quantity: intervalsOnly ? 1 : values.quantity.trim(), note: values.note });
      const fields = new Set<string>();
      for (const issue of [...(bikeRow.error?.issues ?? []), ...(intervals.error?.issues ?? []), ...(lineFields.error?.issues ?? [])]) {
        const field = String(issue.path[0] ?? '');
        if (fields.has(field)) continue;
        fields.add(field);
        problem(line, importMessages.field(field, issue.message));
      }
      if (!partNumber && !intervalsOnly) problem(line, importMessages.partNumberRequired);
      if (!bikeRow.success) continue;
      const bike = bikeRow.data;
      const variant = values.variant?.trim();
      const name = `${bike.make} ${bike.model}${variant ? ` ${variant}` : ''}`;
      let candidates = byModel.get(`${vehicleNameKey(bike.make)}\u0000${vehicleNameKey(bike.model)}`) ?? [];
      if (variant !== undefined) candidates = candidates.filter((vehicle) => vehicleNameKey(vehicle.variant) === vehicleNameKey(variant));
      if (candidates.length === 0) {
        problem(line, fitmentMessages.unknownBike(bike.make, variant ? `${bike.model} ${variant}` : bike.model));
        continue;
      }
      const from = bike.yearFrom ?? -Infinity;
      const to = bike.yearTo ?? Infinity;
      // The vehicle of exactly these years, else the one vehicle whose years meet them.
      const exact = candidates.filter((vehicle) => vehicle.year_from === bike.yearFrom && vehicle.year_to === bike.yearTo);
      const meeting = exact.length === 1 ? exact : candidates.filter((vehicle) => vehicle.year_from <= to && vehicle.year_to >= from);
      if (meeting.length === 0) {
        const first = Math.min(...candidates.map((vehicle) => vehicle.year_from));
        const last = Math.max(...candidates.map((vehicle) => vehicle.year_to));
        problem(line, fitmentMessages.yearsOutside(bike.make, bike.model, first, last));
        continue;
      }
      if (meeting.length > 1) {
        problem(line, importMessages.kitVehicleAmbiguous(name, meeting.map((vehicle) => `${vehicle.variant ? `${vehicle.variant} ` : ''}${vehicle.year_from}–${vehicle.year_to}`)));
        continue;
      }
      const vehicle = meeting[0]!;
      if (!intervals.success) continue;
      const { intervalKm, intervalMonths } = intervals.data;
      const bikeName = `${vehicle.make} ${vehicle.model}${vehicle.variant ? ` ${vehicle.variant}` : ''} ${vehicle.year_from}–${vehicle.year_to}`;
      const kit: KitRows = kits.get(vehicle.id) ?? { bike: bikeName, firstLine: line, intervalKm, intervalMonths, parts: new Map(), lines: [] };
      kits.set(vehicle.id, kit);
      if (kit.intervalKm !== intervalKm || kit.intervalMonths !== intervalMonths) problem(line, importMessages.kitIntervalsDiffer(kit.firstLine));
      if (intervalsOnly || !partNumber || !lineFields.success) continue;
      const { quantity, note } = lineFields.data;
      const key = partNumberKey(partNumber);
      if (kit.parts.has(key)) {
        problem(line, `${serviceKitMessages.twice}, on line ${kit.parts.get(key)}`);
        continue;
      }
      kit.parts.set(key, line);
      if (kit.lines.length === SERVICE_KIT_LINES_MAX) {
        problem(line, serviceKitMessages.tooManyLines);
        continue;
      }
      kit.lines.push({ line, key, partNumber, quantity, note });
    }

    // The parts: the products file's, else the shop's; and what each will fit once imported.
    const inFile = new Map(products.map((part) => [part.key, part]));
    const fitmentInFile = new Map(fitment.map((planned) => [planned.key, planned]));
    const outside = [...new Set([...kits.values()].flatMap((kit) => kit.lines.map((line) => line.key)))].filter((key) => !inFile.has(key));
    const shop = new Map<string, ExistingProduct[]>();
    for (const product of await repository.productsByKeys(outside)) shop.set(product.part_number_key, [...(shop.get(product.part_number_key) ?? []), product]);
    const existingOf = (key: string) => inFile.get(key)?.existing ?? shop.get(key)?.[0];
    const fitsNow = new Set<string>();
    const fromShop = [...kits.values()].flatMap((kit) => kit.lines.flatMap((line) => (fitmentInFile.has(line.key) ? [] : (existingOf(line.key)?.id ?? []))));
    for (const row of await repository.fitmentOf([...new Set(fromShop)])) fitsNow.add(`${row.product_id}\u0000${row.vehicle_id}`);
    const fits = (key: string, vehicleId: string): boolean => {
      const planned = fitmentInFile.get(key);
      if (planned) return planned.universal || planned.rows.some((row) => row.vehicle_id === vehicleId);
      const existing = existingOf(key);
      return existing !== undefined && (existing.universal === 1 || fitsNow.has(`${existing.id}\u0000${vehicleId}`));
    };

    const planned: PlannedKit[] = [];
    for (const [vehicleId, kit] of kits) {
      const lines: PlannedKit['lines'] = [];
      for (const line of kit.lines) {
        const part = inFile.get(line.key) ?? shop.get(line.key)?.[0];
        if (!part) {
          problem(line.line, importMessages.unknownPart(line.partNumber));
          continue;
        }
        if (!inFile.has(line.key) && (shop.get(line.key)?.length ?? 0) > 1) problem(line.line, importMessages.ambiguousPart(line.partNumber));
        const name = 'line' in part ? part.columns.name : part.name;
        if (!fits(line.key, vehicleId)) problem(line.line, importMessages.kitPartDoesNotFit(name, kit.bike));
        lines.push({ part, name, quantity: line.quantity, note: line.note });
      }
      planned.push({ vehicleId, intervalKm: kit.intervalKm, intervalMonths: kit.intervalMonths, lines });
    }
    return planned;
  }

  const emptyReport = (): ImportReport => ({
    written: false,
    products: { added: 0, changed: 0, unchanged: 0 },
    fitment: { parts: 0, rows: 0, changed: 0 },
    errors: [],
    errorCount: 0,
  });

  return {
    /** Reads the products file as its text arrives (see readCsv); refused at the first row too many. */
    readProducts: (text: AsyncIterable<string>) =>
      readCsv<ProductColumn>(text, PRODUCT_EXPORT_COLUMNS, {
        optional: [PRODUCT_CSV_STOCK_SEEN, ...PRODUCT_CSV_OPTIONAL],
        maxRows: IMPORT_MAX_ROWS.products,
        tooManyRows: tooManyRows('products'),
      }),
    /** Reads the fitment file as its text arrives; refused at the first row too many. */
    readFitment: (text: AsyncIterable<string>) => readCsv<FitmentColumn>(text, FITMENT_CSV_COLUMNS, { maxRows: IMPORT_MAX_ROWS.fitment, tooManyRows: tooManyRows('fitment') }),
    /** Reads the service kits file as its text arrives; refused at the first row too many. */
    readServiceKits: (text: AsyncIterable<string>) =>
      readCsv<KitColumn>(text, SERVICE_KIT_CSV_COLUMNS, { optional: SERVICE_KIT_CSV_OPTIONAL, maxRows: IMPORT_MAX_ROWS.serviceKits, tooManyRows: tooManyRows('serviceKits') }),

    /** Checks the files and, when asked and nothing is wrong, writes them; answers what they hold or what was written. */
    async import(files: ReadFiles, { write, actor }: { write: boolean; actor?: Actor }): Promise<ImportReport> {
      const report = emptyReport();
      const problems = problemList();
      const rowsOf = <Column extends string>(file: ImportFile, read: CsvRead<Column> | undefined): CsvRow<Column>[] => {
        if (read === undefined) return [];
        if (read.rows) return read.rows;
        problems.push({ file, ...read.problem });
        return [];
      };
      const productRows = rowsOf('products', files.products);
      const fitmentRows = rowsOf('fitment', files.fitment);
      const kitRows = rowsOf('serviceKits', files.serviceKits);

      // A file separated by semicolons or tabs comes from where the comma is the decimal mark.
      const decimalComma = files.products?.rows !== undefined && files.products.delimiter !== ',';
      const { planned: products, numbers } = await planProducts(productRows, { decimalComma }, problems);
      const fitment = await planFitment(fitmentRows, products, numbers, problems);
      const kits = await planServiceKits(kitRows, products, fitment, problems);

      // What the import changes, and nothing where the shop already holds the same.
      const now = Date.now();
      const toWrite: ImportWrite = { added: [], changed: [], fitment: [], serviceKits: [] };
      const idOf = new Map<PlannedProduct, string>();
      const categoryOf = new Map<string, string>();
      const lineOf = new Map<string, PlannedProduct>();
      for (const [index, part] of products.entries()) {
        if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
        if (!part.existing) {
          const id = newId(now + index);
          idOf.set(part, id);
          categoryOf.set(id, part.category);
          const stamp = new Date(now + index).toISOString();
          toWrite.added.push({ ...part.columns, img: part.img, id, created_at: stamp, updated_at: stamp });
          continue;
        }
        const existing = part.existing;
        idOf.set(part, existing.id);
        lineOf.set(existing.id, part);
        // The stock is written only where the file changes it (quantity is not the stock it was
        // read from), and only while the shop still holds that stock; a file that does not say
        // what it read leaves the stock alone. Never a number read earlier put back.
        const { quantity, ...rest } = part.columns;
        const stock = part.stockSeen !== undefined && quantity !== part.stockSeen ? { quantity, seen: part.stockSeen } : undefined;
        if (stock && existing.quantity !== stock.seen) {
          problems.push({ file: 'products', line: part.line, partNumber: existing.part_number, message: importMessages.stockMoved(existing.part_number, existing.quantity, stock.seen) });
          continue;
        }
        const columns: Omit<ProductColumns, 'quantity'> = { ...rest, img: part.img || existing.img };
        const differs = (Object.keys(columns) as Array<keyof typeof columns>).some((column) => columns[column] !== existing[column]);
        if (differs || stock) toWrite.changed.push({ id: existing.id, columns, stock, updated_at: new Date(now).toISOString() });
        else report.products.unchanged++;
      }
      report.products.added = toWrite.added.length;
      report.products.changed = toWrite.changed.length;

      const shopPart = (part: PlannedProduct | ExistingProduct) => ('line' in part ? part.existing : part);
      const existingIds = fitment.flatMap(({ part }) => shopPart(part)?.id ?? []);
      const current = new Map<string, FitmentColumns[]>();
      for (const row of await repository.fitmentOf(existingIds)) current.set(row.product_id, [...(current.get(row.product_id) ?? []), row]);
      const universalNow = new Map<string, boolean>();
      for (const { part } of fitment) {
        const existing = shopPart(part);
        if (existing) universalNow.set(existing.id, existing.universal === 1);
      }
      for (const [index, planned] of fitment.entries()) {
        if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
        report.fitment.parts++;
        report.fitment.rows += planned.rows.length;
        const productId = 'line' in planned.part ? idOf.get(planned.part) : planned.part.id;
        if (!productId) continue;
        const same = universalNow.get(productId) === planned.universal && fitmentKey(current.get(productId) ?? []) === fitmentKey(planned.rows);
        if (same && universalNow.has(productId)) continue;
        toWrite.fitment.push({ productId, universal: planned.universal, rows: planned.rows });
      }
      report.fitment.changed = toWrite.fitment.length;

      // Kits: each replaces the vehicle's, and one the same as the shop's is not written again.
      if (files.serviceKits !== undefined) {
        const currentKits = await repository.serviceKitsOf(kits.map((kit) => kit.vehicleId));
        const serviceKits = { vehicles: kits.length, lines: 0, changed: 0 };
        for (const kit of kits) {
          serviceKits.lines += kit.lines.length;
          const lines = kit.lines.flatMap((line) => {
            const productId = 'line' in line.part ? idOf.get(line.part) : line.part.id;
            return productId ? [{ product_id: productId, name: line.name, quantity: line.quantity, note: line.note }] : [];
          });
          const write: ServiceKitWrite = { vehicleId: kit.vehicleId, interval_km: kit.intervalKm, interval_months: kit.intervalMonths, lines };
          if (sameKit(currentKits.get(kit.vehicleId), write)) continue;
          toWrite.serviceKits.push(write);
        }
        serviceKits.changed = toWrite.serviceKits.length;
        report.serviceKits = serviceKits;
      }

      const answer = () => {
        report.errorCount = problems.count;
        report.errors = problems.shown();
        return report;
      };
      if (!write || problems.count > 0) return answer();

      // Pictures: drawn for new parts without one (one per category), stored images kept in use.
      const drawn = new Map<string, string>();
      for (const [index, product] of toWrite.added.entries()) {
        if (product.img) continue;
        const category = categoryOf.get(product.id) ?? DEFAULT_CATEGORY;
        if (!drawn.has(category)) drawn.set(category, await placeholder(category));
        toWrite.added[index] = { ...product, img: drawn.get(category)! };
      }
      for (const path of new Set([...toWrite.added, ...toWrite.changed.map((change) => change.columns)].map((columns) => columns.img!))) await images.assertStored(path);
      const written = await repository.write(toWrite, actor);
      if (written.stockMoved) {
        // The stock moved between the check and the write: nothing was written.
        const { id, now: stockNow, seen } = written.stockMoved;
        const part = lineOf.get(id)!;
        problems.push({ file: 'products', line: part.line, partNumber: part.existing!.part_number, message: importMessages.stockMoved(part.existing!.part_number, stockNow, seen) });
        return answer();
      }
      report.written = true;
      return answer();
    },

    /** The products file: every part in catalogue order. */
    async exportProducts(): Promise<string> {
      const rows: Array<Record<ProductColumn, string | number>> = [];
      for await (const batch of repository.productsInOrder()) {
        for (const product of batch) {
          rows.push({
            name: product.name,
            decreption: product.description,
            price: centsToDollars(product.price_cents).toFixed(2),
            quantity: product.quantity,
            quantitySeen: product.quantity,
            minimum: product.minimum,
            category: product.category ?? DEFAULT_CATEGORY,
            brand: product.brand,
            partNumber: product.part_number,
            oemNumbers: parseStringList(product.oem_numbers).join(', '),
            img: product.img,
            quantityPrices: quantityPricesText(quantityPricesOf(product.quantity_prices)),
          });
        }
      }
      return writeCsv(PRODUCT_EXPORT_COLUMNS, rows);
    },

    /**
     * The service kits file: a row per kit line with the vehicle and the kit's intervals, a kit
     * without lines as one row without a part. A line whose part was deleted is left out.
     */
    async exportServiceKits(): Promise<string> {
      const rows: Array<Record<KitColumn, string | number>> = [];
      for (const kit of await repository.serviceKitsForExport()) {
        const vehicle = { make: kit.make, model: kit.model, variant: kit.variant, yearFrom: kit.year_from, yearTo: kit.year_to, intervalKm: kit.interval_km, intervalMonths: kit.interval_months };
        if (kit.lines.length === 0) rows.push({ ...vehicle, partNumber: '', quantity: '', note: '' });
        for (const line of kit.lines) rows.push({ ...vehicle, partNumber: line.part_number, quantity: line.quantity, note: line.note });
      }
      return writeCsv(SERVICE_KIT_CSV_COLUMNS, rows);
    },

    /** The fitment file: a row per part and bike (the part's own years only where narrower), '*' for universal parts. */
    async exportFitment(): Promise<string> {
      const rows: Array<Record<FitmentColumn, string | number>> = [];
      for await (const batch of repository.productsInOrder()) {
        const fits = new Map<string, Awaited<ReturnType<CatalogueFilesRepository['fitmentWithVehicles']>>>();
        for (const row of await repository.fitmentWithVehicles(batch.map((product) => product.id))) fits.set(row.product_id, [...(fits.get(row.product_id) ?? []), row]);
        for (const product of batch) {
          if (product.universal === 1) rows.push({ partNumber: product.part_number, make: UNIVERSAL_FITMENT, model: UNIVERSAL_FITMENT, yearFrom: '', yearTo: '', note: '' });
          for (const fit of fits.get(product.id) ?? []) {
            rows.push({ partNumber: product.part_number, make: fit.make, model: fit.model, yearFrom: fit.year_from ?? fit.vehicle_from, yearTo: fit.year_to ?? fit.vehicle_to, note: fit.note });
          }
        }
      }
      return writeCsv(FITMENT_CSV_COLUMNS, rows);
    },
  };
}
export type CatalogueFilesService = ReturnType<typeof createCatalogueFilesService>;
