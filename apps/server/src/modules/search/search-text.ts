/**
 * How the search reads text, the same for what it indexes and what a rider types: case and
 * accents do not count, words are runs of letters and digits, and a word written with
 * separators ('10W-40', 'HF-204', '15410-MFJ-D01') is also kept whole ('10w40', 'hf204').
 */

/** Lower case without accents: 'Pneumatique Éco' -> 'pneumatique eco'. */
export const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text, and each separator-joined group also as one word. */
export function terms(text: string): string[] {
  const found: string[] = [];
  for (const chunk of fold(text).split(/\s+/)) {
    const words = chunk.match(WORD);
    if (!words) continue;
    found.push(...words);
    if (words.length > 1) found.push(words.join(''));
  }
  return found;
}

/** A number as compared: no case, no separators ('HF-204', 'hf 204' -> 'hf204'). */
export const numberKey = (text: string): string => (fold(text).match(WORD) ?? []).join('');

export const hasDigit = (word: string): boolean => /\p{N}/u.test(word);
