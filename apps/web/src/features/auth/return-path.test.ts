import { describe, expect, it } from 'vitest';
import { returnPathFromState, safeReturnPath } from './return-path';

describe('return path after sign-in', () => {
  it('keeps a path inside the shop, with its query and fragment', () => {
    expect(safeReturnPath('/dashbord/makeAdmin')).toBe('/dashbord/makeAdmin');
    expect(safeReturnPath('/allproducts?page=2#top')).toBe('/allproducts?page=2#top');
  });

  it('never leads to another site', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, 42]) {
      expect(safeReturnPath(value)).toBe('/');
    }
  });

  it("reads the guard's `from` location", () => {
    expect(returnPathFromState({ from: { pathname: '/dashbord', search: '?a=1', hash: '' } })).toBe('/dashbord?a=1');
    expect(returnPathFromState(null)).toBe('/');
    expect(returnPathFromState({ from: 'nope' })).toBe('/');
  });
});
