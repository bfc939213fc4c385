import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-input-format';

describe('card fields as typed on a phone', () => {
  it('groups the card number in fours, from digits typed or pasted in any form', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('abc')).toBe('');
  });

  it("puts the '/' into an expiry typed as digits, and lets it be deleted again", () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12/')).toBe('12');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('12 / 305')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('430')).toBe('04/30');
    expect(formatExpiry('0')).toBe('0');
    expect(formatExpiry('')).toBe('');
  });

  it('keeps three or four digits of the security code', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('12345')).toBe('1234');
  });
});
