import { describe, expect, it } from 'vitest';
import { formatHoldTime, lineProblem, lineProblemMessage, lineTotal, MAX_LINE_QUANTITY, orderableQuantity, orderableTotal, readQuantity, sumOfLines } from './purchase.js';
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

describe('a line that cannot be ordered as it is', () => {
  const part = { minimum: 4, available: 400 };

  it('can be set to the stock when it asks for more, to the minimum when for fewer', () => {
    expect(orderableQuantity(500, part)).toBe(400);
    expect(orderableQuantity(2, part)).toBe(4);
    expect(orderableQuantity(40, part)).toBeNull();
  });

  it('has no quantity to offer when the part is gone or has fewer pieces than its minimum', () => {
    expect(orderableQuantity(5, undefined)).toBeNull();
    expect(orderableQuantity(5, { minimum: 4, available: 3 })).toBeNull();
    expect(orderableQuantity(2, { minimum: 4, available: 3 })).toBeNull();
  });

  it('leaves the lines without a total', () => {
    expect(orderableTotal([{ lineTotal: 0.1, problem: null }, { lineTotal: 0.2, problem: null }])).toBe(0.3);
    expect(orderableTotal([{ lineTotal: 0.1, problem: null }, { lineTotal: 3250, problem: 'not-available' }])).toBeNull();
    expect(orderableTotal([{ lineTotal: 0, problem: 'gone' }])).toBeNull();
    expect(orderableTotal([])).toBe(0);
  });
});

describe('the end of a hold, as the shop writes it', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it('is the time of day, in the given time zone', () => {
    expect(formatHoldTime('2026-11-27T17:24:00Z', { now, timeZone: 'UTC' })).toBe('17:24');
    expect(formatHoldTime('2026-11-27T17:24:00Z', { now, timeZone: 'America/New_York' })).toBe('12:24');
  });

  it('gives the day when it is not today there, and names the zone for a reader whose zone is not known', () => {
    expect(formatHoldTime('2026-11-28T09:05:00Z', { now, timeZone: 'UTC' })).toBe('28 Nov, 09:05');
    expect(formatHoldTime('2026-11-28T03:00:00Z', { now, timeZone: 'America/New_York' })).toBe('22:00');
    expect(formatHoldTime('2026-11-27T17:24:00Z', { now, timeZone: 'UTC', withZone: true })).toBe('17:24 UTC');
  });
});
