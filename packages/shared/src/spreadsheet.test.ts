import { describe, expect, it } from 'vitest';
import { fromSpreadsheetText, spreadsheetText } from './spreadsheet.js';

describe('spreadsheetText', () => {
  it.each([
    '=HYPERLINK("http://x.example","click")',
    '@SUM(A1:A9)',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    '+A1',
    '\t=1+1',
    '\r+44 7700 900000',
  ])('keeps the formula %j as text behind an apostrophe, and the import takes it off again', (value) => {
    expect(spreadsheetText(value)).toBe(`'${value}`);
    expect(fromSpreadsheetText(spreadsheetText(value))).toBe(value);
  });

  it.each(['+44 7700 900000', '+1 (555) 010-2030', '-12.50', '07700 900000', 'Sam Rider', "'quoted", ''])('writes %j as it is', (value) => {
    expect(spreadsheetText(value)).toBe(value);
    expect(fromSpreadsheetText(value)).toBe(value);
  });
});
