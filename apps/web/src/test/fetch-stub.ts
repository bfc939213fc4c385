import { beforeEach, vi } from 'vitest';

/**
 * A fresh fetch mock for every test of the calling file or describe block, put in place of the
 * global fetch before each test. The setup takes it away with the other stubbed globals only after
 * unmounting what the test rendered: unmounting first finishes React's pending work (a section
 * revealed after its fallback runs its effects), which must still find the test's stubs.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  return fetchMock;
}
