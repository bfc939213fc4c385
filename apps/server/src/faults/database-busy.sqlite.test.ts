import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const contact = { name: 'Sam', email: 'sam@example.com', subject: 'Hello', message: 'Is the shop open?' };

describe('SQLite write lock held by another process', () => {
  it('answers 503 with Retry-After instead of hanging or failing with 500, and recovers', async () => {
    if (t.testDatabase.config.dialect !== 'sqlite') throw new Error('this suite needs SQLite');
    const other = new BetterSqlite3(t.testDatabase.config.file);
    other.exec('begin immediate');
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact, remoteAddress: '10.1.1.1' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      other.exec('rollback');
      other.close();
    }
    const after = await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact, remoteAddress: '10.1.1.2' });
    expect(after.statusCode).toBe(201);
  });
});
