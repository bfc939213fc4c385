import { describe, expect, it } from 'vitest';
import { parsePageParam } from './page-param';

describe('parsePageParam', () => {
  it('turns the one-based page of the address into a zero-based index', () => {
    expect(parsePageParam('1')).toBe(0);
    expect(parsePageParam('3')).toBe(2);
  });

  it.each([null, '', '0', '-2', 'abc', '2.5', '1e3'])('reads %j as the first page', (value) => {
    expect(parsePageParam(value)).toBe(0);
  });
});
