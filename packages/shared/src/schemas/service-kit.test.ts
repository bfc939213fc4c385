import { describe, expect, it } from 'vitest';
import { kitCartParts, type ServiceKitAlternative, type ServiceKitLine } from './service-kit.js';

const id = (n: number) => n.toString(16).padStart(24, '0');

/** A kit line of a part the shop has: `available` pieces in stock, in stock when they cover `quantity`. */
const line = (n: number, name: string, quantity: number, { price = 10, minimum = 1, available = 100, alternative }: { price?: number; minimum?: number; available?: number; alternative?: ServiceKitAlternative } = {}): ServiceKitLine => ({
  productId: id(n),
  name,
  quantity,
  note: '',
  price,
  inStock: available >= quantity && available >= minimum,
  minimum,
  img: `/images/${n}.webp`,
  available,
  ...(alternative ? { alternative } : {}),
});
const alternative = (n: number, name: string, { price = 7, minimum = 1, available = 30 } = {}): ServiceKitAlternative => ({ productId: id(n), name, price, img: `/images/${n}.webp`, minimum, available });

describe('kitCartParts', () => {
  it('takes each line in stock at its quantity, or at the part minimum when that is more', () => {
    const { parts, missing } = kitCartParts({
      lines: [line(1, 'Engine Oil 10W-40, 1 L', 3, { price: 13.9, minimum: 2, available: 240 }), line(2, 'Spin-On Oil Filter, 65 mm', 1, { price: 8.99, minimum: 2, available: 260 })],
    });
    expect(parts).toEqual([
      { productId: id(1), name: 'Engine Oil 10W-40, 1 L', price: 13.9, img: '/images/1.webp', minimum: 2, available: 240, quantity: 3 },
      // One filter in the kit, sold two at least.
      { productId: id(2), name: 'Spin-On Oil Filter, 65 mm', price: 8.99, img: '/images/2.webp', minimum: 2, available: 260, quantity: 2 },
    ]);
    expect(missing).toEqual([]);
  });

  it('puts an alternative in place of a line out of stock, naming the part it stands in for, at least its own minimum', () => {
    const { parts, missing } = kitCartParts({
      lines: [line(1, 'Iridium Spark Plug', 2, { available: 1, alternative: alternative(9, 'Standard Spark Plug', { minimum: 4 }) })],
    });
    expect(parts).toEqual([{ productId: id(9), name: 'Standard Spark Plug', price: 7, img: '/images/9.webp', minimum: 4, available: 30, quantity: 4, insteadOf: 'Iridium Spark Plug' }]);
    expect(missing).toEqual([]);
  });

  it('names the lines it cannot add: out of stock with no alternative, and a deleted part', () => {
    const gone: ServiceKitLine = { productId: null, name: 'Drain Plug Crush Washer M14 x 1.5', quantity: 1, note: 'drain bolt', price: null, inStock: false };
    const { parts, missing } = kitCartParts({ lines: [line(1, 'Engine Oil', 3), line(2, 'Oil Filter', 1, { available: 0 }), gone] });
    expect(parts.map((part) => [part.name, part.quantity])).toEqual([['Engine Oil', 3]]);
    expect(missing).toEqual(['Oil Filter', 'Drain Plug Crush Washer M14 x 1.5']);
  });

  it('adds up an alternative that another line of the kit holds already, in one cart line', () => {
    // The kit's own standard plug is in stock; the iridium one is not, and the standard one stands in.
    const { parts } = kitCartParts({
      lines: [line(5, 'Standard Spark Plug', 2, { price: 7 }), line(6, 'Iridium Spark Plug', 2, { available: 0, alternative: alternative(5, 'Standard Spark Plug') })],
    });
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ productId: id(5), name: 'Standard Spark Plug', quantity: 4 });
    expect(parts[0]!.insteadOf).toBeUndefined();
  });

  it('answers nothing for an empty kit', () => {
    expect(kitCartParts({ lines: [] })).toEqual({ parts: [], missing: [] });
  });
});
