import type { TestCard } from '@/api/payments/confirm-test-payment';
import { paymentCopy } from './copy';

const copy = paymentCopy.card;

export interface CardProblem {
  field: keyof TestCard;
  message: string;
}

/** The Luhn checksum every real card number passes; catches most typing mistakes. */
const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/**
 * The checks a card provider's own form makes before anything is sent, with its wording. The
 * first problem found, or null; which cards are accepted is the provider's decision.
 */
export function checkTestCard(card: TestCard, now = new Date()): CardProblem | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number)) return { field: 'number', message: copy.numberIncomplete };
  if (!passesLuhn(number)) return { field: 'number', message: copy.numberInvalid };
  const expiry = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  if (!expiry) return { field: 'expiry', message: copy.expiryIncomplete };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { field: 'expiry', message: copy.expiryPast };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { field: 'cvc', message: copy.cvcIncomplete };
  return null;
}
