import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createDatabase, type ShopDatabase } from './database.js';

let testDatabase: TestDatabase;
let database: ShopDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = createDatabase(testDatabase.config);
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

const param = (n: number) => (database.dialect === 'postgres' ? `$${n}` : '?');
const insert = () => `insert into rate_limits (key, count, reset_at) values (${param(1)}, 1, 0)`;
const count = async (key: string) => (await database.db.selectFrom('rate_limits').select('key').where('key', '=', key).execute()).length;

describe('preparedTransaction', () => {
  it('commits its statements together, the same names again on a later transaction', async () => {
    for (const key of ['prepared-a', 'prepared-b']) {
      await database.preparedTransaction(async (run) => {
        await run('prepared-insert', insert(), [key]);
        await run('prepared-insert', insert(), [`${key}-2`]);
      });
    }
    expect(await Promise.all(['prepared-a', 'prepared-a-2', 'prepared-b', 'prepared-b-2'].map(count))).toEqual([1, 1, 1, 1]);
  });

  it('rolls every statement back when the work throws, and the connection serves the next one', async () => {
    await expect(
      database.preparedTransaction(async (run) => {
        await run('prepared-insert', insert(), ['rolled-back']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(database.preparedTransaction((run) => run('prepared-insert', insert(), ['rolled-back']).then(() => run('prepared-insert', insert(), ['rolled-back'])))).rejects.toThrow();
    expect(await count('rolled-back')).toBe(0);
    await database.preparedTransaction((run) => run('prepared-insert', insert(), ['after']));
    expect(await count('after')).toBe(1);
  });
});
