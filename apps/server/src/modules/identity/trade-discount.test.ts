import { describe, expect, it } from 'vitest';
import { fromIdentitySession, toCurrentUser } from './identity.mapper.js';

/** The buyer's trade discount (hundredths of a percent) counts only on a workshop's account, from either lookup. */
describe("the caller's trade discount", () => {
  const session = { sessionId: 's1', created_at: '2026-11-01T10:00:00.000Z', expires_at: '2026-11-02T10:00:00.000Z', id: 'u1', email: 'shop@example.com', name: 'Shop', role: 'user' };

  it.each([
    [true, 1250, 1250],
    [1, 1250, 1250],
    [false, 1250, 0],
    [0, 1250, 0],
    [true, 0, 0],
  ])('from the bearer lookup: workshop %s with %i answers %i', (workshop, trade_discount, expected) => {
    expect(toCurrentUser({ ...session, workshop, trade_discount }, 'token').tradeDiscount).toBe(expected);
  });

  it("from Better Auth's session: its user's fields where it has them, else none", () => {
    const user = { id: 'u1', email: 'shop@example.com', name: 'Shop', role: 'user' };
    expect(fromIdentitySession({ session: { token: 't' }, user: { ...user, workshop: true, tradeDiscount: 1500 } }).tradeDiscount).toBe(1500);
    expect(fromIdentitySession({ session: { token: 't' }, user: { ...user, workshop: 1, tradeDiscount: 1500 } }).tradeDiscount).toBe(1500);
    expect(fromIdentitySession({ session: { token: 't' }, user: { ...user, workshop: false, tradeDiscount: 1500 } }).tradeDiscount).toBe(0);
    expect(fromIdentitySession({ session: { token: 't' }, user }).tradeDiscount).toBe(0);
  });
});
