import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quick-order.js';
import { quickOrderMessages } from './schemas/cart.js';

describe('parseQuickOrder', () => {
  it.each([
    ['HF204 x10', 'HF204', 10],
    ['HF204 x 10', 'HF204', 10],
    ['HF204 X10', 'HF204', 10],
    ['HF204 ×10', 'HF204', 10],
    ['hf-204, 2', 'hf-204', 2],
    ['CR9EIX 4', 'CR9EIX', 4],
    ['x10 HF204', 'HF204', 10],
    ['x 10 HF204', 'HF204', 10],
    ['10 x HF204', 'HF204', 10],
    ['10x HF204', 'HF204', 10],
    ['HF204,,10', 'HF204', 10],
    ['HF204\t10', 'HF204', 10],
    ['HF204;10', 'HF204', 10],
    ['HF204 ; 10', 'HF204', 10],
    ['"HF204","10"', 'HF204', 10],
    ['"HF204";"10";"Oil filter"', 'HF204', 10],
    ['10,HF204', 'HF204', 10],
    ['HF204', 'HF204', 1],
    ['  HF204   ', 'HF204', 1],
    ['HF204 10 pcs', 'HF204', 10],
    ['HF204, x2', 'HF204', 2],
    ['HF204 007', 'HF204', 7],
    ['15410 MFJ D01 2', '15410 MFJ D01', 2],
    ['15410-MFJ-D01 x2', '15410-MFJ-D01', 2],
    ['DID 520VX3.120 x 1', 'DID 520VX3.120', 1],
    ['KN-204/1 3', 'KN-204/1', 3],
    ['"NGK CR9EIX", 4', 'NGK CR9EIX', 4],
    ['"a ""quoted"" part",2', 'a "quoted" part', 2],
    ['X100 x2', 'X100', 2],
    ['x10 2', 'x10', 2],
  ])('reads %j as %s x %i', (text, partNumber, quantity) => {
    const read = parseQuickOrder(text);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ line: 1, partNumber, quantity });
  });

  it.each([
    ['HF 204', 'HF', 204],
    ['CR9EIX 4', 'CR9EIX', 4],
    ['90013 KEV 001', '90013 KEV', 1],
  ])('reads %j also as one part number with a space in it, for when the first reading names no part', (text, partNumber, quantity) => {
    expect(parseQuickOrder(text)).toEqual([{ line: 1, partNumber, quantity, orPartNumber: text }]);
  });

  it.each(['HF204 x10', 'HF204 10 pcs', 'HF204, 10', 'x10 HF204', 'HF204'])('reads %j one way only', (text) => {
    expect(parseQuickOrder(text)[0]).not.toHaveProperty('orPartNumber');
  });

  it.each(['x10', '10', '10 x', ',10', '12,13'])('cannot read %j: no part number', (text) => {
    expect(parseQuickOrder(text)).toEqual([{ line: 1, message: quickOrderMessages.unreadable(1) }]);
  });

  it.each(['HF204 x0', 'HF204 0', 'HF204 -3', 'HF204 1.5', 'HF204,2.5', 'HF204;-1', 'HF204, ten', 'HF204 x1234567890', '1.5 x HF204'])(
    'refuses the quantity of %j: a whole number from 1',
    (text) => {
      expect(parseQuickOrder(text)).toEqual([{ line: 1, message: quickOrderMessages.quantityInvalid(1) }]);
    },
  );

  it('numbers lines as the customer sees them, blank ones counted, whatever the line ends', () => {
    const text = 'HF204 x10\r\n\r\nCR9EIX 4\n\n   \nx10\rhf-204, 2\n';
    expect(parseQuickOrder(text)).toEqual([
      { line: 1, partNumber: 'HF204', quantity: 10 },
      { line: 3, partNumber: 'CR9EIX', quantity: 4, orPartNumber: 'CR9EIX 4' },
      { line: 6, message: quickOrderMessages.unreadable(6) },
      { line: 7, partNumber: 'hf-204', quantity: 2 },
    ]);
  });

  it('takes off a byte order mark and a CSV header row, however it is written', () => {
    for (const header of ['partNumber,quantity', 'PartNumber;Quantity', '"Part Number","Qty"', 'part_number\tquantity', ' partnumber , QUANTITY ']) {
      expect(parseQuickOrder(`\uFEFF${header}\r\nHF204,10\r\n"CR9EIX","4"\r\n`), header).toEqual([
        { line: 2, partNumber: 'HF204', quantity: 10 },
        { line: 3, partNumber: 'CR9EIX', quantity: 4 },
      ]);
    }
  });

  it('reads a header only as the first line: further down it is a line it cannot read', () => {
    expect(parseQuickOrder('HF204 2\npartNumber,quantity')).toEqual([
      { line: 1, partNumber: 'HF204', quantity: 2, orPartNumber: 'HF204 2' },
      { line: 2, message: quickOrderMessages.quantityInvalid(2) },
    ]);
  });

  it('skips blank lines and rows of empty cells, and reads nothing from blank text', () => {
    expect(parseQuickOrder('')).toEqual([]);
    expect(parseQuickOrder('\uFEFF\n \n,,\n\t\n""')).toEqual([]);
  });

  it('reads every line of a long paste, for the route to count', () => {
    const text = Array.from({ length: 1000 }, (_, index) => `HF${index} x2`).join('\n');
    const read = parseQuickOrder(text);
    expect(read).toHaveLength(1000);
    expect(read[999]).toMatchObject({ line: 1000, partNumber: 'HF999', quantity: 2 });
  });
});
