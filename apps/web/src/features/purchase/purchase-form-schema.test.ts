import { describe, expect, it } from 'vitest';
import { acceptedQuantity, purchaseFormSchema } from './purchase-form-schema';

const limits = { minimum: 4, available: 40 };
const quantity = purchaseFormSchema(limits).shape.quantity;
const messageFor = (typed: string) => quantity.safeParse(typed).error?.issues[0]?.message;

describe('the purchase quantity', () => {
  it('takes a whole number of pieces within the minimum and the stock', () => {
    expect(quantity.parse('6')).toBe(6);
    expect(quantity.parse(' 40 ')).toBe(40);
    expect(acceptedQuantity('4', limits)).toBe(4);
  });

  it.each(['3', '0', '-2'])("says %j is below the minimum, in SPEC's words", (typed) => {
    expect(messageFor(typed)).toBe('Please Order More Then 4 Peace');
    expect(acceptedQuantity(typed, limits)).toBeNull();
  });

  it("says more than the stock is not available, in SPEC's words", () => {
    expect(messageFor('41')).toBe('41 Peace is Not Available');
  });

  it.each(['2.5', '5.5', 'abc', '+5', '1e1'])("refuses %j by the shop's own rule", (typed) => {
    expect(messageFor(typed)).toBe('Please enter a whole number of pieces');
  });

  it('requires a quantity', () => {
    expect(messageFor('  ')).toBe('Quantity is Required');
  });
});
