import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A fresh fetch mock for every test of the calling file or describe block, put in place of the
 * global fetch before each test and taken away after it.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}
