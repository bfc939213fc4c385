import { describe, expect, it } from 'vitest';
import { checkTestCard } from './test-card';

const now = new Date(2026, 5, 15);
const card = (overrides: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '06/26',
  cvc: '123',
  ...overrides,
});

describe('checkTestCard', () => {
  it('accepts a complete card that has not expired, spaces and dashes included', () => {
    expect(checkTestCard(card(), now)).toBeNull();
    expect(checkTestCard(card({ number: '4000-0000-0000-0002', expiry: '12 / 30', cvc: '1234' }), now)).toBeNull();
  });

  it('names the first field that is wrong, in the provider’s words', () => {
    expect(checkTestCard(card({ number: '4242 4242' }), now)).toEqual({ field: 'number', message: 'Your card number is incomplete.' });
    expect(checkTestCard(card({ number: '4242 4242 4242 4243' }), now)).toEqual({ field: 'number', message: 'Your card number is invalid.' });
    expect(checkTestCard(card({ expiry: '13/26' }), now)).toEqual({ field: 'expiry', message: "Your card's expiration date is incomplete." });
    expect(checkTestCard(card({ expiry: '05/26' }), now)).toEqual({ field: 'expiry', message: "Your card's expiration date is in the past." });
    expect(checkTestCard(card({ cvc: '12' }), now)).toEqual({ field: 'cvc', message: "Your card's security code is incomplete." });
  });
});
