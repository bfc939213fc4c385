import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from './upload-image';

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const request = () => FakeRequest.last as FakeRequest;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

describe('uploadImage', () => {
  beforeEach(() => {
    FakeRequest.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file in the field "image" with the bearer token and reports progress', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const onProgress = vi.fn();
    const file = png();
    const done = uploadImage(file, { onProgress });

    expect(request().method).toBe('POST');
    expect(request().url).toBe('/api/images');
    expect(request().headers.Authorization).toBe('Bearer token-1');
    const sent = (request().body as FormData).get('image') as File;
    expect([sent.name, sent.size, sent.type]).toEqual([file.name, file.size, file.type]);
    request().upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    expect(onProgress).toHaveBeenLastCalledWith(0.25);

    const data = { url: `/images/${'a'.repeat(32)}.webp`, width: 10, height: 10, size: 120 };
    request().answer(201, { success: true, data });
    await expect(done).resolves.toEqual(data);
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it("rejects with the shop's own message", async () => {
    const done = uploadImage(png());
    request().answer(415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image' }, requestId: 'r' });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, message: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image' });
  });

  it('explains a failure that carries no message, and a lost connection', async () => {
    const tooLarge = uploadImage(png());
    request().status = 413;
    request().responseText = '<html>Request Entity Too Large</html>';
    request().onload?.();
    await expect(tooLarge).rejects.toMatchObject({ status: 413, message: 'The image is too large. Please choose a smaller one.' });

    const offline = uploadImage(png());
    request().onerror?.();
    await expect(offline).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const done = uploadImage(png(), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toHaveProperty('name', 'AbortError');
  });
});
