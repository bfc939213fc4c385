import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { ACCESS_TOKEN_STORAGE_KEY } from './access-token';
import { getSession, signOut } from './session';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('session', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the session with the stored bearer token', async () => {
    const session = buildSession();
    fetchMock.mockResolvedValue(json(session));
    await expect(getSession()).resolves.toEqual(session);
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(url).toBe('/api/auth/get-session');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('token-1');
  });

  it.each([
    ['null', () => json(null)],
    ['401', () => json({ error: { code: 'UNAUTHORIZED', message: 'Session ended' }, requestId: 'r' }, 401)],
  ])('forgets the token when the session has ended (%s)', async (_label, answer) => {
    fetchMock.mockResolvedValue(answer());
    await expect(getSession()).resolves.toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the token when the shop cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(getSession()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('token-1');
  });

  it('signs out here at once, clears the cache and ends the session on the server', async () => {
    fetchMock.mockResolvedValue(json({ success: true }));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['user', 'sam@example.com'], { name: 'Sam' });

    const done = signOut(queryClient);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['user', 'sam@example.com'])).toBeUndefined();
    await done;
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(url).toBe('/api/auth/sign-out');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });
});
