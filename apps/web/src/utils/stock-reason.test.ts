import { describe, expect, it } from 'vitest';
import { whyNotOrderable } from './stock-reason';

describe('why a part cannot be ordered', () => {
  it('says how many are left against the minimum, or that none are', () => {
    expect(whyNotOrderable({ quantity: 3, minimum: 5 })).toBe('Only 3 left; minimum order 5.');
    expect(whyNotOrderable({ quantity: 0, minimum: 1 })).toBe('None left for now.');
  });

  it('says nothing when the part can be ordered', () => {
    expect(whyNotOrderable({ quantity: 5, minimum: 5 })).toBeNull();
  });
});
