import { describe, expect, it } from 'vitest';
import { boundedText, singleLineText } from './common.js';
import { signUpSchema } from './user.js';

describe('text rules', () => {
  it('keeps line breaks in long texts and refuses other control characters', () => {
    const text = boundedText(50, 'Required');
    expect(text.parse('  two\nlines ')).toBe('two\nlines');
    for (const bad of ['bell\u0007', 'escape\u001b[31m', 'c1\u0085control', 'nul\u0000']) expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('keeps names on one line, as headings, tables and email headers need', () => {
    const name = singleLineText(50, 'Required');
    expect(name.parse(' Ada Lovelace ')).toBe('Ada Lovelace');
    for (const bad of ['Ada\nBcc: x@example.com', 'Ada\r\nLovelace', 'Ada\u2028Lovelace']) {
      const result = name.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Must be on one line');
    }
    expect(signUpSchema.safeParse({ name: 'A\nB', email: 'a@example.com', password: 'secret1' }).success).toBe(false);
  });
});
