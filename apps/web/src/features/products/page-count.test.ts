import { describe, expect, it } from 'vitest';
import { getPageCount, parsePageParam } from './page-count';

describe('getPageCount', () => {
  it.each([
    [0, 0],
    [1, 1],
    [6, 1],
    [7, 2],
    [12, 2],
    [13, 3],
  ])('%i products make %i pages of 6', (count, pages) => {
    expect(getPageCount(count)).toBe(pages);
  });
});

describe('parsePageParam', () => {
  it('turns the one-based page of the address into a zero-based index', () => {
    expect(parsePageParam('1')).toBe(0);
    expect(parsePageParam('3')).toBe(2);
  });

  it.each([null, '', '0', '-2', 'abc', '2.5', '1e3'])('reads %j as the first page', (value) => {
    expect(parsePageParam(value)).toBe(0);
  });
});
