import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../plugins/security.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertSignedInUser } from '../test/factories.js';

let t: TestApp;
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'trace', stream: capture } });
});
afterAll(async () => t.close());

describe('request logs', () => {
  it('never hold reset tokens, token parameters, bearer tokens or cookies', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const secrets = ['RESETPATHSECRET1', 'RESETQUERYSECRET2', 'APIQUERYSECRET3', 'CALLBACKSECRET4', 'DOUBLEENCODED5', 'OAUTHCODESECRET6', 'COOKIESECRET7'];
    const requests = [
      { url: `/api/auth/reset-password/${secrets[0]}?callbackURL=%2Freset-password` },
      { url: `/reset-password?token=${secrets[1]}` },
      { url: `/api/getreviews?latest=3&token=${secrets[2]}` },
      { url: `/api/auth/verify-email?callbackURL=${encodeURIComponent(`http://localhost:3000/reset-password?token=${secrets[3]}`)}` },
      { url: `/api/auth/error?to=${encodeURIComponent(encodeURIComponent(`/reset-password?token=${secrets[4]}`))}` },
      { url: `/api/auth/callback/google?code=${secrets[5]}&state=abc` },
      { url: '/api/myorders/nobody@example.com', headers: { ...customer.headers, cookie: `better-auth.session_token=${secrets[6]}` } },
      { url: '/api/orders/not-found', headers: { authorization: 'Bearer FORGEDBEARERSECRET8' } },
    ];
    for (const request of requests) await t.app.inject(request);
    const log = lines.join('\n');
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/getreviews?latest=3&token=[redacted]');
    for (const secret of [...secrets, customer.token, 'FORGEDBEARERSECRET8']) expect(log).not.toContain(secret);
    // Every request was logged, with its address.
    expect(lines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThanOrEqual(requests.length);
    expect(log).toContain('"remoteAddress":"127.0.0.1"');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/products?page=1&size=6', '/api/products?page=1&size=6'],
    ['/api/auth/reset-password/abc?callbackURL=%2Freset-password', '/api/auth/reset-password/[redacted]?callbackURL=[redacted]'],
    ['/API/AUTH/RESET-PASSWORD/abc', '/API/AUTH/RESET-PASSWORD/[redacted]'],
    ['/x?%74oken=abc&b=2', '/x?%74oken=[redacted]&b=2'],
    ['/x?next=%2Fhome&accessToken=abc', '/x?next=%2Fhome&accessToken=[redacted]'],
    ['/x?flag&token', '/x?flag&token'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
