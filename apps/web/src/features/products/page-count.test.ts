import { describe, expect, it } from 'vitest';
import { getPageCount } from './page-count';

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
