import { STOCK_HISTORY_PAGE_SIZE, type StockHistory } from '@shop/shared';
import { notFound } from '../../lib/errors.js';
import { orderIdOf, toStockMovement } from './stock.mapper.js';
import type { StockRepository } from './stock.repository.js';

/**
 * A part's stock history (SPEC-3 section 7): every change of its stock, newest first, with why.
 * The movements are written by the products table's triggers, so this only reads them.
 */
export function createStockService({ repository }: { repository: StockRepository }) {
  return {
    async history(productId: string, page = 0): Promise<StockHistory> {
      const stock = await repository.stockOf(productId);
      if (stock === undefined) throw notFound('Product');
      const rows = await repository.movements(productId, page * STOCK_HISTORY_PAGE_SIZE, STOCK_HISTORY_PAGE_SIZE + 1);
      const shown = rows.slice(0, STOCK_HISTORY_PAGE_SIZE);
      const orderIds = [...new Set(shown.map((row) => orderIdOf(row.reason)).filter((id): id is string => id !== undefined))];
      const numbers = await repository.orderNumbers(orderIds);
      return { productId, stock, movements: shown.map((row) => toStockMovement(row, numbers)), more: rows.length > STOCK_HISTORY_PAGE_SIZE, page };
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
