import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The encoding a page is sent in for this Accept-Encoding: brotli, then gzip, else none. */
export const preferredEncoding = (acceptEncoding: string | string[] | undefined): ContentEncoding =>
  (negotiate(Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? ''), ['br', 'gzip']) as 'br' | 'gzip' | null) ?? 'identity';

/** A page's bytes in `encoding`: made once per render and kept with it, so the level favours speed over the last percent. */
export function encode(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return body;
}
