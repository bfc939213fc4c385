import {
  CART_LINES_MAX,
  parseQuickOrder,
  partNumberKey,
  QUICK_ORDER_LINES_MAX,
  type QuickOrderAnswer,
  quickOrderMessages,
  unitPriceCents,
} from '@shop/shared';
import { sql } from 'kysely';
import { takeAccountTurn } from '../../db/account-turn.js';
import type { ShopDatabase } from '../../db/database.js';
import { invalidField } from '../../lib/errors.js';
import { quantityPricesOf } from '../products/products.plugin.js';

/**
 * Quick order (SPEC-3 section 6): a workshop's pasted lines of part numbers and quantities, or
 * its CSV file's text, into its cart in one write.
 *
 *   1. read the text (parseQuickOrder): more than QUICK_ORDER_LINES_MAX lines refuses the whole;
 *   2. match each part number as the search index does (partNumberKey) against the parts' own
 *      numbers, then their OEM numbers; several parts under one number ask which;
 *   3. in one write transaction, the account's turn taken: add the lines of each part up, with
 *      what the cart holds, and check them against its stock, its minimum and the cart's size;
 *   4. write the good lines at once; answer what went in and each line that did not.
 */

/** A part as the quick order matches and checks it. */
interface PartRow {
  id: string;
  name: string;
  brand: string;
  part_number: string;
  part_number_key: string;
  oem_numbers: string;
  price_cents: number;
  quantity: number;
  minimum: number;
  quantity_prices: string;
}

type ReadLine = { line: number; partNumber: string; quantity: number };
type LineError = QuickOrderAnswer['errors'][number];

const PART_COLUMNS = ['id', 'name', 'brand', 'part_number', 'part_number_key', 'oem_numbers', 'price_cents', 'quantity', 'minimum', 'quantity_prices'] as const;

/** How a line names its part in 'several parts' messages: 'Brand PartNumber Name'. */
const partLabel = (part: PartRow) => [part.brand, part.part_number, part.name].filter((text) => text.trim() !== '').join(' ');

/**
 * An OEM number list (JSON text) written as its part-number keys would be: the separators a
 * number may hold (space . / -) taken out, upper case. `"15410-MFJ-D01"` holds `"15410MFJD01"`.
 */
const oemKeysColumn = sql<string>`upper(replace(replace(replace(replace(oem_numbers, '-', ''), ' ', ''), '.', ''), '/', ''))`;

export function createQuickOrder(database: ShopDatabase) {
  const { db } = database;

  /** The parts each key names: by their own part number, else (for keys no part number has) by an OEM number. */
  async function partsByKey(keys: string[]): Promise<Map<string, PartRow[]>> {
    const found = new Map<string, PartRow[]>();
    if (keys.length === 0) return found;
    const add = (key: string, part: PartRow) => {
      const parts = found.get(key) ?? [];
      if (!parts.some((known) => known.id === part.id)) parts.push(part);
      found.set(key, parts);
    };
    const numbered = await db.selectFrom('products').select(PART_COLUMNS).where('part_number_key', 'in', keys).orderBy('position').execute();
    for (const part of numbered) add(part.part_number_key, part);

    const left = keys.filter((key) => !found.has(key));
    if (left.length > 0) {
      // Keys hold only A-Z and 0-9, so they are safe in a LIKE pattern; quotes keep them whole numbers of the list.
      const byOem = await db
        .selectFrom('products')
        .select(PART_COLUMNS)
        .where((eb) => eb.or(left.map((key) => eb(oemKeysColumn, 'like', `%"${key}"%`))))
        .orderBy('position')
        .execute();
      const wanted = new Set(left);
      for (const part of byOem) {
        for (const oem of JSON.parse(part.oem_numbers) as string[]) {
          const key = partNumberKey(oem);
          if (wanted.has(key)) add(key, part);
        }
      }
    }
    return found;
  }

  return {
    /**
     * Adds a quick order's good lines to the buyer's cart, each new line at the buyer's unit price
     * now (`unitPriceCents`, the trade discount in hundredths of a percent), and answers each part
     * added once with the pieces this order added, and each line that was not, by its number.
     */
    async add(buyer: { id: string; tradeDiscount: number }, text: string): Promise<QuickOrderAnswer> {
      const read = parseQuickOrder(text);
      if (read.length > QUICK_ORDER_LINES_MAX) throw invalidField('text', quickOrderMessages.tooManyLines);

      const errors: LineError[] = [];
      const asked: Array<ReadLine & { key: string; orKey?: string }> = [];
      for (const entry of read) {
        if ('message' in entry) errors.push(entry);
        else asked.push({ ...entry, key: partNumberKey(entry.partNumber), ...(entry.orPartNumber === undefined ? {} : { orKey: partNumberKey(entry.orPartNumber) }) });
      }
      const parts = await partsByKey([...new Set(asked.flatMap((entry) => [entry.key, entry.orKey ?? '']).filter((key) => key !== ''))]);

      const matched: Array<ReadLine & { part: PartRow }> = [];
      for (const entry of asked) {
        const named = parts.get(entry.key) ?? [];
        const whole = entry.orKey === undefined ? [] : (parts.get(entry.orKey) ?? []);
        // 'HF 204' names part HF204, one piece, when no part is numbered HF.
        if (named.length === 0 && whole.length === 1) matched.push({ line: entry.line, partNumber: entry.partNumber, quantity: 1, part: whole[0]! });
        else if (named.length === 1) matched.push({ ...entry, part: named[0]! });
        else if (named.length > 1) errors.push({ line: entry.line, message: quickOrderMessages.severalParts(entry.line, entry.partNumber, named.map(partLabel)) });
        else errors.push({ line: entry.line, message: quickOrderMessages.noPart(entry.line, entry.partNumber) });
      }

      const added = matched.length === 0 ? [] : await database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, database.dialect, buyer.id);
        const cart = await trx.selectFrom('cart_lines').select(['product_id', 'quantity', 'position']).where('user_id', '=', buyer.id).execute();
        const inCart = new Map(cart.map((line) => [line.product_id, Number(line.quantity)]));
        let room = CART_LINES_MAX - cart.length;

        // Each part's good lines, in the order they first came; a line beyond the part's stock or
        // the cart's room is refused on its own, the part's other lines may still go in.
        const accepted = new Map<string, { part: PartRow; lines: ReadLine[]; pieces: number }>();
        for (const { part, ...entry } of matched) {
          const taking = accepted.get(part.id);
          const holds = (inCart.get(part.id) ?? 0) + (taking?.pieces ?? 0);
          if (holds + entry.quantity > Number(part.quantity)) {
            errors.push({ line: entry.line, message: quickOrderMessages.notAvailable(entry.line, entry.quantity) });
          } else if (!taking && !inCart.has(part.id) && room === 0) {
            errors.push({ line: entry.line, message: quickOrderMessages.cartFull(entry.line) });
          } else if (taking) {
            taking.lines.push(entry);
            taking.pieces += entry.quantity;
          } else {
            if (!inCart.has(part.id)) room--;
            accepted.set(part.id, { part, lines: [entry], pieces: entry.quantity });
          }
        }
        // The minimum counts for the part's line in the cart as it will be, all its lines added up.
        for (const [id, { part, lines, pieces }] of accepted) {
          if ((inCart.get(id) ?? 0) + pieces >= Number(part.minimum)) continue;
          for (const entry of lines) errors.push({ line: entry.line, message: quickOrderMessages.belowMinimum(entry.line, Number(part.minimum)) });
          accepted.delete(id);
        }
        if (accepted.size === 0) return [];

        let position = cart.reduce((last, line) => Math.max(last, Number(line.position)), -1);
        const rows = [...accepted.values()].map(({ part, pieces }) => {
          const quantity = (inCart.get(part.id) ?? 0) + pieces;
          const priceCents = unitPriceCents({ listPriceCents: Number(part.price_cents), quantityPrices: quantityPricesOf(part.quantity_prices) }, quantity, buyer.tradeDiscount);
          // A line already in the cart keeps its place and the price it was put in at (PUT /cart's rule).
          return { user_id: buyer.id, product_id: part.id, quantity, name: part.name, price_cents: priceCents, position: inCart.has(part.id) ? 0 : ++position };
        });
        await trx
          .insertInto('cart_lines')
          .values(rows)
          .onConflict((conflict) => conflict.columns(['user_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('excluded.quantity') })))
          .execute();
        return [...accepted.values()].map(({ part, pieces }) => ({ productId: part.id, quantity: pieces }));
      });

      return { added, errors: errors.sort((a, b) => a.line - b.line) };
    },
  };
}
