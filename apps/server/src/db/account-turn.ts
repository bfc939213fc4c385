import { sql, type Transaction } from 'kysely';
import type { ShopDatabase, StatementRunner } from './database.js';
import type { Database } from './schema.js';

/**
 * Makes the rest of a write transaction wait for the account's other writes of this kind to end:
 * on PostgreSQL by locking the account's `users` row, the row every purchase of the account locks
 * too; on SQLite the write transaction holds the write lock from its start already.
 *
 * On PostgreSQL take it before the transaction's first read: each statement reads the rows
 * committed when it began, so one that waited on a lock inside it would see another write's
 * changed rows as they are now but miss the rows it added (half of one write, half of another).
 */
export async function takeAccountTurn(trx: Transaction<Database>, dialect: ShopDatabase['dialect'], userId: string): Promise<void> {
  if (dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
}

/** `takeAccountTurn` inside a `preparedTransaction`, its statement planned once per connection. */
export async function takeAccountTurnWith(run: StatementRunner, dialect: ShopDatabase['dialect'], userId: string): Promise<void> {
  if (dialect === 'postgres') await run('account-turn', 'select id from users where id = $1 for update', [userId]);
}
