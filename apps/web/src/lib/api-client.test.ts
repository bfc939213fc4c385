import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from './access-token';
import { api, ApiError, apiRequest } from './api-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const lastRequest = () => {
    const [url, init] = fetchMock.mock.lastCall ?? [];
    return { url, init, headers: new Headers(init?.headers) };
  };

  it('calls the API under /api and answers with the JSON body', async () => {
    fetchMock.mockResolvedValue(json({ count: 13 }));

    await expect(api.get<{ count: number }>('/productCount')).resolves.toEqual({ count: 13 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/productCount');
    expect(init?.method).toBe('GET');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the stored access token as a bearer token', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-123');
    fetchMock.mockResolvedValue(json([]));

    await api.get('/getreviews');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('sends bodies as JSON', async () => {
    fetchMock.mockResolvedValue(json({ insertedId: 'x' }, 201));

    await api.post('/contact', { body: { name: 'Sam' } });
    const { init, headers } = lastRequest();
    expect(init?.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"Sam"}');
  });

  it('turns the error envelope into an ApiError with its fields', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: { code: 'VALIDATION_FAILED', message: 'Invalid fields', fieldErrors: { email: ['Bad email'] } },
          requestId: 'req-1',
        },
        422,
      ),
    );

    const error = await apiRequest('/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Invalid fields',
      fieldErrors: { email: ['Bad email'] },
      requestId: 'req-1',
    });
  });

  it('still reports a failure whose body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(api.get('/products')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(api.get('/products')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('lets an aborted request end as an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('Aborted', 'AbortError'));

    await expect(api.get('/products', { signal: controller.signal })).rejects.toHaveProperty('name', 'AbortError');
  });

  it('checks the answer with a schema when one is given', async () => {
    fetchMock.mockResolvedValue(json({ count: 'many' }));
    const schema = {
      parse(data: unknown) {
        if (typeof (data as { count?: unknown }).count !== 'number') throw new Error('count is not a number');
        return data as { count: number };
      },
    };

    await expect(api.get('/productCount', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('accepts an empty answer', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/review/1')).resolves.toBeUndefined();
  });
});
