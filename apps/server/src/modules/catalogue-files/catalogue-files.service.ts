import {
  centsToDollars,
  categoryKey,
  createProductSchema,
  DEFAULT_CATEGORY,
  FITMENT_CSV_COLUMNS,
  fitmentRowInputSchema,
  type ImportFile,
  importMessages,
  type ImportProblem,
  type ImportReport,
  partNumberKey,
  PRODUCT_CSV_COLUMNS,
  UNIVERSAL_FITMENT,
} from '@shop/shared';
import type { z } from 'zod';
import { newId } from '../../lib/ids.js';
import { parseStringList } from '../../lib/string-list.js';
import type { ImagesService } from '../images/images.plugin.js';
import type { VehiclesService } from '../vehicles/vehicles.plugin.js';
import { type CsvRow, readCsv, unneutralise, writeCsv } from './csv.js';
import type { CatalogueFilesRepository, ExistingProduct, FitmentColumns, ImportWrite, ProductColumns } from './catalogue-files.repository.js';

/** At most this many problems are listed; the count says how many in all. */
const PROBLEMS_SHOWN = 500;
/** Rows checked between turns of the event loop, so other customers are served meanwhile. */
const ROWS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const productRowSchema = createProductSchema.omit({ img: true, fitment: true });
type ProductColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
type FitmentColumn = (typeof FITMENT_CSV_COLUMNS)[number];

export interface ImportFiles {
  products?: string | undefined;
  fitment?: string | undefined;
}

/** A checked product row: its columns, and where its image comes from. */
interface PlannedProduct {
  line: number;
  key: string;
  columns: Omit<ProductColumns, 'img'>;
  /** A stored image, or '' for a drawn one (new parts) or the current one (parts the shop has). */
  img: string;
  category: string;
  existing?: ExistingProduct | undefined;
}

/** Draws and stores the picture of a part of a category that came without one; answers its path. */
export type PlaceholderImage = (category: string) => Promise<string>;

const fitmentKey = (rows: ReadonlyArray<Pick<FitmentColumns, 'vehicle_id' | 'year_from' | 'year_to' | 'note'>>) =>
  rows
    .map((row) => `${row.vehicle_id}|${row.year_from ?? ''}|${row.year_to ?? ''}|${row.note ?? ''}`)
    .sort()
    .join('\n');

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
  async function planProducts(rows: CsvRow<ProductColumn>[], problems: ImportProblem[]): Promise<{ planned: PlannedProduct[]; numbers: Set<string> }> {
    const problem = (line: number, message: string) => problems.push({ file: 'products', line, message });
    const categories = await repository.categoryIds();
    const images = new Map<string, boolean>();
    const seen = new Map<string, number>();
    const planned: PlannedProduct[] = [];
    for (const [index, { line, values: raw }] of rows.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const values = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, unneutralise(value as string)])) as Record<ProductColumn, string>;
      const parsed = productRowSchema.safeParse(values);
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
    }
    return { planned, numbers: new Set(seen.keys()) };
  }

  /** Each part's fitment in the file: the part's id (or its planned product), its universal mark and rows. */
  async function planFitment(rows: CsvRow<FitmentColumn>[], products: PlannedProduct[], numbersInFile: Set<string>, problems: ImportProblem[]) {
    const problem = (line: number, message: string) => problems.push({ file: 'fitment', line, message });
    const inFile = new Map(products.map((part) => [part.key, part]));
    const groups = new Map<string, { partNumber: string; lines: number[]; rows: z.output<typeof fitmentRowInputSchema>[]; universal: boolean }>();
    for (const [index, { line, values: raw }] of rows.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      const values = Object.fromEntries(Object.entries(raw).map(([column, value]) => [column, unneutralise(value as string)])) as Record<FitmentColumn, string>;
      const key = partNumberKey(values.partNumber);
      if (!key) {
        problem(line, importMessages.partNumberRequired);
        continue;
      }
      const group = groups.get(key) ?? { partNumber: values.partNumber.trim(), lines: [], rows: [], universal: false };
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
    for (const [key, group] of groups) {
      const part = inFile.get(key) ?? shop.get(key)?.[0];
      const firstLine = group.lines[0] ?? rows.find((row) => partNumberKey(row.values.partNumber) === key)?.line ?? 0;
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

  const emptyReport = (): ImportReport => ({
    written: false,
    products: { added: 0, changed: 0, unchanged: 0 },
    fitment: { parts: 0, rows: 0, changed: 0 },
    errors: [],
    errorCount: 0,
  });

  return {
    /** Checks the files and, when asked and nothing is wrong, writes them; answers what they hold or what was written. */
    async import(files: ImportFiles, { write }: { write: boolean }): Promise<ImportReport> {
      const report = emptyReport();
      const problems: ImportProblem[] = [];
      const read = <Column extends string>(file: ImportFile, text: string | undefined, columns: readonly Column[]): CsvRow<Column>[] => {
        if (text === undefined) return [];
        const result = readCsv(text, columns);
        if (result.rows) return result.rows;
        problems.push({ file, ...result.problem });
        return [];
      };
      const productRows = read('products', files.products, PRODUCT_CSV_COLUMNS);
      const fitmentRows = read('fitment', files.fitment, FITMENT_CSV_COLUMNS);

      const { planned: products, numbers } = await planProducts(productRows, problems);
      const fitment = await planFitment(fitmentRows, products, numbers, problems);

      // What the import changes, and nothing where the shop already holds the same.
      const now = Date.now();
      const toWrite: ImportWrite = { added: [], changed: [], fitment: [] };
      const idOf = new Map<PlannedProduct, string>();
      for (const [index, part] of products.entries()) {
        if (!part.existing) {
          const id = newId(now + index);
          idOf.set(part, id);
          const stamp = new Date(now + index).toISOString();
          toWrite.added.push({ ...part.columns, img: part.img, id, created_at: stamp, updated_at: stamp });
          continue;
        }
        idOf.set(part, part.existing.id);
        const columns: ProductColumns = { ...part.columns, img: part.img || part.existing.img };
        const differs = (Object.keys(columns) as Array<keyof ProductColumns>).some((column) => columns[column] !== part.existing![column]);
        if (differs) toWrite.changed.push({ id: part.existing.id, columns, updated_at: new Date(now).toISOString() });
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
      for (const planned of fitment) {
        report.fitment.parts++;
        report.fitment.rows += planned.rows.length;
        const productId = 'line' in planned.part ? idOf.get(planned.part) : planned.part.id;
        if (!productId) continue;
        const same = universalNow.get(productId) === planned.universal && fitmentKey(current.get(productId) ?? []) === fitmentKey(planned.rows);
        if (same && universalNow.has(productId)) continue;
        toWrite.fitment.push({ productId, universal: planned.universal, rows: planned.rows });
      }
      report.fitment.changed = toWrite.fitment.length;

      problems.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file === 'products' ? -1 : 1));
      report.errorCount = problems.length;
      report.errors = problems.slice(0, PROBLEMS_SHOWN);
      if (!write || problems.length > 0) return report;

      // Pictures: drawn for new parts without one (one per category), stored images kept in use.
      const drawn = new Map<string, string>();
      for (const [index, product] of toWrite.added.entries()) {
        if (product.img) continue;
        const category = products.find((part) => idOf.get(part) === product.id)?.category ?? DEFAULT_CATEGORY;
        if (!drawn.has(category)) drawn.set(category, await placeholder(category));
        toWrite.added[index] = { ...product, img: drawn.get(category)! };
      }
      for (const path of new Set([...toWrite.added, ...toWrite.changed.map((change) => change.columns)].map((columns) => columns.img!))) await images.assertStored(path);
      await repository.write(toWrite);
      report.written = true;
      return report;
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
            minimum: product.minimum,
            category: product.category ?? DEFAULT_CATEGORY,
            brand: product.brand,
            partNumber: product.part_number,
            oemNumbers: parseStringList(product.oem_numbers).join(', '),
            img: product.img,
          });
        }
      }
      return writeCsv(PRODUCT_CSV_COLUMNS, rows);
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
