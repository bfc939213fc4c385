import { randomBytes } from 'node:crypto';

// Starting in the lower half keeps ids of one process increasing for millions of ids a second.
let counter = randomBytes(3).readUIntBE(0, 3) & 0x7fffff;
const processPart = randomBytes(5).toString('hex');

/**
 * A 24-hex-character id (the shape SPEC's `_id` has): 4 bytes of seconds, 5 random bytes
 * per process and a 3-byte counter, so ids sort by creation time.
 */
export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  counter = (counter + 1) % 0x1000000;
  return seconds.toString(16).padStart(8, '0') + processPart + counter.toString(16).padStart(6, '0');
}
