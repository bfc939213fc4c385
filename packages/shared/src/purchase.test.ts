import { describe, expect, it } from 'vitest';
import { lineProblem, lineProblemMessage, lineTotal, MAX_LINE_QUANTITY, readQuantity, sumOfLines } from './purchase.js';
import { cartLineInputSchema } from './schemas/cart.js';
import { createOrderSchema } from './schemas/order.js';

describe('a line quantity', () => {
  it('takes a whole number of pieces up to the limit, typed or sent as a number', () => {
    expect(readQuantity(' 12 ')).toEqual({ quantity: 12 });
    expect(readQuantity(3)).toEqual({ quantity: 3 });
    expect(readQuantity(String(MAX_LINE_QUANTITY))).toEqual({ quantity: 1_000_000 });
  });

  it.each(['0', '-2', '2.5', '+5', '1e1', 'abc', '1000001', '9999999', 0, 2.5, 1_000_001])("refuses %j in SPEC's words", (value) => {
    expect(readQuantity(value)).toEqual({ error: 'Please enter a whole number of pieces' });
  });

  it.each(['', '  ', null, undefined])('asks for %j to be given', (value) => {
    expect(readQuantity(value)).toEqual({ error: 'Quantity is Required' });
  });

  it('is the same rule for an order and a cart line', () => {
    const cartLine = (quantity: unknown) => cartLineInputSchema.safeParse({ productId: 'a'.repeat(24), quantity });
    const order = (quantity: unknown) => createOrderSchema.shape.quantity.safeParse(quantity);
    for (const value of ['7', 7, '1000000']) {
      expect(cartLine(value).data?.quantity).toBe(Number(value));
      expect(order(value).data).toBe(Number(value));
    }
    for (const value of ['1000001', '9999999', 0]) {
      expect(cartLine(value).error?.issues[0]?.message).toBe('Please enter a whole number of pieces');
      expect(order(value).error?.issues[0]?.message).toBe('Please enter a whole number of pieces');
    }
    expect(order('').error?.issues[0]?.message).toBe('Quantity is Required');
  });
});

describe("a line's total", () => {
  it('is the unit price in whole cents times the pieces', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(19.99, 1_000)).toBe(19_990);
    expect(sumOfLines([{ lineTotal: 0.1 }, { lineTotal: 0.2 }])).toBe(0.3);
  });
});

describe("a line's problem", () => {
  const part = { minimum: 2, available: 5 };

  it('says the part is gone, below its minimum or above its stock, else nothing', () => {
    expect(lineProblem(3, undefined)).toBe('gone');
    expect(lineProblem(1, part)).toBe('below-minimum');
    expect(lineProblem(6, part)).toBe('not-available');
    expect(lineProblem(2, part)).toBeNull();
    expect(lineProblem(5, part)).toBeNull();
  });

  it("is said in SPEC's purchase words", () => {
    expect(lineProblemMessage('below-minimum', { quantity: 1, minimum: 2 }, 'Gone')).toBe('Please Order More Then 2 Peace');
    expect(lineProblemMessage('not-available', { quantity: 6, minimum: 2 }, 'Gone')).toBe('6 Peace is Not Available');
    expect(lineProblemMessage('gone', { quantity: 6, minimum: 2 }, 'Gone')).toBe('Gone');
  });
});
