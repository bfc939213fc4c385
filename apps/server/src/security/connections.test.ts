import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
let port = 0;
const sockets: net.Socket[] = [];

// Small limits so each case takes about a second: the whole request within 1 s (its headers
// within 0.5 s), an idle kept-alive connection 0.3 s, at most 3 connections.
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '0.3', MAX_CONNECTIONS: '3' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
});

interface Connection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the milliseconds from opening until the server closed the connection. */
  closed: Promise<number>;
}

async function connect(): Promise<Connection> {
  const started = Date.now();
  const socket = net.connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms))]);

/** A 408 must be the shop's error envelope, like every other refusal. */
function expectTimeoutAnswer(raw: string) {
  expect(raw).toMatch(/^HTTP\/1\.1 408 /);
  const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({ error: { code: 'REQUEST_TIMEOUT', message: expect.any(String) }, requestId: expect.any(String) });
}

describe('connections cannot be held open', () => {
  it('closes a connection that sent its headers and one byte of a 100-byte body', async () => {
    const { socket, received, closed } = await connect();
    socket.write('POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    expect(await within(closed, 4000)).toBeLessThan(3000);
    // Whichever limit ends it first: the request time answers 408, the idle time just closes.
    if (received()) expectTimeoutAnswer(received());
  });

  it('answers 408 to a body that trickles in too slowly to ever finish in time', async () => {
    const { socket, received, closed } = await connect();
    socket.write('POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => socket.writable && socket.write(' '), 150);
    try {
      expect(await within(closed, 4000)).toBeLessThan(3000);
    } finally {
      clearInterval(drip);
    }
    expectTimeoutAnswer(received());
  });

  it('answers 408 to headers that never end', async () => {
    const { socket, received, closed } = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
    try {
      expect(await within(closed, 4000)).toBeLessThan(2500);
    } finally {
      clearInterval(drip);
    }
    expectTimeoutAnswer(received());
  });

  it('closes an idle kept-alive connection after the keep-alive time', async () => {
    const { socket, received, closed } = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\nConnection: keep-alive\r\n\r\n');
    // Node closes it a second after the keep-alive time (its allowance for requests in transit).
    expect(await within(closed, 4000)).toBeLessThan(2000);
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('refuses connections beyond the cap, and serves the ones it holds', async () => {
    const held = [await connect(), await connect(), await connect()];
    const refused = await connect();
    expect(await within(refused.closed, 1000)).toBeLessThan(1000);
    expect(refused.received()).toBe('');
    held[0]!.socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n');
    await within(held[0]!.closed, 2000);
    expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200 /);
    await Promise.all(held.slice(1).map((connection) => within(connection.closed, 3000)));
    // Once they are gone there is room again.
    const next = await connect();
    next.socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n');
    await within(next.closed, 2000);
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('connection limits by default', () => {
  it('are finite, with headers due before the whole request, and room for the benchmark connections', () => {
    const { connections } = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.testDatabase.dataDir });
    expect(connections).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 10_000, idleTimeoutMs: 30_000, maxConnections: 1000 });
    // Fastify takes whole milliseconds only.
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.testDatabase.dataDir, REQUEST_TIMEOUT_SECONDS: '2.3', KEEP_ALIVE_TIMEOUT_SECONDS: '0.7' }).connections).toMatchObject({
      requestTimeoutMs: 2300,
      headersTimeoutMs: 1150,
      keepAliveTimeoutMs: 700,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: t.testDatabase.dataDir, MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });
});
