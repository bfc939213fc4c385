import { accountControlMessages } from '@shop/shared';
import { sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type Actor, recordActivity } from '../activity/activity.plugin.js';

/**
 * The account a deleted person's kept purchases, lines, returns, uploads and discount uses name
 * instead of theirs: no account has it (ids are generated, never this word), so nobody signs in to
 * them, no order email finds an address for them, and a new account of the same email sees none.
 */
export const FORMER_CUSTOMER_ID = 'former-customer';

/** What a deleted person's reviews show instead of their name. */
const FORMER_CUSTOMER_NAME = accountControlMessages.formerCustomer;

/** A change of email waiting for its link (Better Auth's verifications table, under the shop's own prefix). */
const CHANGE_EMAIL_PREFIX = 'change-email:';

/** Rows of one kind an export writes, a batch at a time. */
const EXPORT_BATCH = 200;

export interface EmailChange {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

export function createAccountRepository(database: ShopDatabase) {
  const { db } = database;

  /**
   * The purchases of the account detached from it: kept ones (paid) keep what their invoice
   * printed (the buyer's name and address) and lose the email, phone and client address;
   * the others lose the buyer altogether. `includeWaiting` is false while unpaid ones still wait
   * for their cancellation, which finds them by the account.
   */
  async function detachPurchases(trx: Transaction<Database>, userId: string, includeWaiting: boolean): Promise<void> {
    const ofAccount = trx.selectFrom('purchases').select('id').where('user_id', '=', userId).$if(!includeWaiting, (qb) => qb.where('status', '<>', 'waiting'));
    const ids = (await ofAccount.execute()).map((row) => row.id);
    if (ids.length === 0) return;
    await trx.updateTable('purchases').set({ email: '', phone: '', client_address: null }).where('id', 'in', ids).where('status', '=', 'paid').execute();
    await trx
      .updateTable('purchases')
      .set({ customer_name: '', location: '', email: '', phone: '', postcode: null, client_address: null })
      .where('id', 'in', ids)
      .where('status', '<>', 'paid')
      .execute();
    await trx.updateTable('orders').set({ user_id: FORMER_CUSTOMER_ID }).where('purchase_id', 'in', ids).execute();
    await trx
      .updateTable('discount_redemptions')
      .set((eb) => ({ redeemer_key: eb.case().when('redeemer_key', '=', userId).then(eb.ref('purchase_id')).else(eb.ref('redeemer_key')).end(), user_id: FORMER_CUSTOMER_ID }))
      .where('purchase_id', 'in', ids)
      .execute();
    await trx.updateTable('returns').set({ user_id: FORMER_CUSTOMER_ID, comment: '' }).where('purchase_id', 'in', ids).execute();
    await trx.updateTable('purchases').set({ user_id: FORMER_CUSTOMER_ID }).where('id', 'in', ids).execute();
  }

  /** One batch of the account's purchases after `after` (created_at, id), oldest first. */
  function purchaseBatch(userId: string, after: { created_at: string; id: string } | null) {
    return db
      .selectFrom('purchases')
      .leftJoin('invoices', 'invoices.purchase_id', 'purchases.id')
      .select([
        'purchases.id',
        'purchases.status',
        'purchases.customer_name',
        'purchases.email',
        'purchases.location',
        'purchases.postcode',
        'purchases.region',
        'purchases.country',
        'purchases.phone',
        'purchases.shipping_method_name',
        'purchases.subtotal_cents',
        'purchases.discount_cents',
        'purchases.discount_code',
        'purchases.shipping_cents',
        'purchases.tax_cents',
        'purchases.total_cents',
        'purchases.created_at',
        'purchases.paid_at',
        'purchases.cancelled_at',
        'invoices.number as invoice_number',
      ])
      .where('purchases.user_id', '=', userId)
      .$if(after !== null, (qb) =>
        qb.where((eb) => eb.or([eb('purchases.created_at', '>', after!.created_at), eb.and([eb('purchases.created_at', '=', after!.created_at), eb('purchases.id', '>', after!.id)])])),
      )
      .orderBy('purchases.created_at')
      .orderBy('purchases.id')
      .limit(EXPORT_BATCH)
      .execute();
  }

  return {
    /** The password hash of the account's email-and-password sign-in; null for an account made with Google only. */
    async passwordHashOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('accounts').select('password').where('user_id', '=', userId).where('provider_id', '=', 'credential').executeTakeFirst();
      return row?.password ?? null;
    },

    /** When the account's session of `token` was created, that is when its holder signed in; null once it is gone. */
    async sessionCreatedAt(userId: string, token: string): Promise<Date | null> {
      const row = await db.selectFrom('sessions').select('created_at').where('token', '=', token).where('user_id', '=', userId).executeTakeFirst();
      return row ? new Date(row.created_at) : null;
    },

    async emailInUse(email: string): Promise<boolean> {
      return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
    },

    /** Every change of email the account asked for and has not confirmed ends: only the newest link works. */
    async dropEmailChanges(userId: string): Promise<void> {
      await db
        .deleteFrom('verifications')
        .where('identifier', 'like', `${CHANGE_EMAIL_PREFIX}%`)
        .where('value', 'like', `%"userId":${JSON.stringify(userId)}%`)
        .execute();
    },

    changeEmailIdentifier: (tokenHash: string) => `${CHANGE_EMAIL_PREFIX}${tokenHash}`,

    /**
     * Takes the change of a link, once: the row is deleted as it is read, so a link opened twice
     * changes the address once. Answers the change, or null for an unknown or expired link.
     */
    async applyEmailChange(identifier: string, now: Date): Promise<EmailChange | 'taken' | 'stale' | null> {
      return database.writeTransaction(async (trx) => {
        const row = await trx.deleteFrom('verifications').where('identifier', '=', identifier).returning(['value', 'expires_at']).executeTakeFirst();
        if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
        const change = JSON.parse(row.value) as EmailChange;
        const user = await trx.selectFrom('users').select('email').where('id', '=', change.userId).executeTakeFirst();
        // The account changed its address another way since, or is gone.
        if (!user || user.email !== change.oldEmail) return 'stale';
        if (await trx.selectFrom('users').select('id').where('email', '=', change.newEmail).executeTakeFirst()) return 'taken';
        const stamp = now.toISOString();
        // Opening the link proves the new address is the owner's.
        await trx.updateTable('users').set({ email: change.newEmail, email_verified: sql<boolean>`true`, updated_at: stamp }).where('id', '=', change.userId).execute();
        // Purchases waiting for payment will be invoiced to the new address; paid ones keep the address they were invoiced to.
        await trx.updateTable('purchases').set({ email: change.newEmail, updated_at: stamp }).where('user_id', '=', change.userId).where('status', '=', 'waiting').execute();
        return change;
      });
    },

    /** Whether a refund of one of the account's purchases is being asked of the provider now. */
    async refundUnderWay(userId: string, now: Date): Promise<boolean> {
      const claimed = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('refund_claimed_until', '>', now.toISOString())
        .executeTakeFirst();
      if (claimed) return true;
      const pending = await db
        .selectFrom('refunds')
        .innerJoin('purchases', 'purchases.id', 'refunds.purchase_id')
        .select('refunds.id')
        .where('purchases.user_id', '=', userId)
        .where('refunds.status', '=', 'pending')
        .executeTakeFirst();
      return Boolean(pending);
    },

    /** The account by email, with whether it is an admin. */
    findAccount(email: string) {
      return db.selectFrom('users').select(['id', 'email', 'role']).where('email', '=', email).executeTakeFirst();
    },

    /** Ends every session of the account (its bearer tokens are its sessions' tokens). */
    async endSessions(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    /**
     * Erases the person and detaches what the shop keeps, in one write transaction, unless the
     * account is the shop's last admin or a refund of its purchases is under way. Purchases still
     * waiting for payment stay attached for `detachRest`, after their cancellation. An admin's
     * removal (`by`) writes its activity entry in the same transaction.
     */
    async erase(userId: string, now: Date, by?: Actor | null): Promise<'erased' | 'not-found' | 'last-admin' | 'refund-under-way'> {
      return database.writeTransaction(async (trx) => {
        // On PostgreSQL the admin rows are locked, so two admins removing each other cannot both
        // succeed; SQLite's write transaction holds the write lock already.
        const adminsQuery = trx.selectFrom('users').select('id').where('role', '=', 'admin');
        const admins = database.dialect === 'postgres' ? await adminsQuery.forUpdate().execute() : await adminsQuery.execute();
        const target = await trx.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
        if (!target) return 'not-found';
        if (target.role === 'admin' && admins.length <= 1) return 'last-admin';
        const claimed = await trx.selectFrom('orders').select('id').where('user_id', '=', userId).where('refund_claimed_until', '>', now.toISOString()).executeTakeFirst();
        const pending = await trx
          .selectFrom('refunds')
          .innerJoin('purchases', 'purchases.id', 'refunds.purchase_id')
          .select('refunds.id')
          .where('purchases.user_id', '=', userId)
          .where('refunds.status', '=', 'pending')
          .executeTakeFirst();
        if (claimed || pending) return 'refund-under-way';

        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await trx.deleteFrom('accounts').where('user_id', '=', userId).execute();
        await trx
          .deleteFrom('verifications')
          .where((eb) => eb.or([eb('value', '=', userId), eb.and([eb('identifier', 'like', `${CHANGE_EMAIL_PREFIX}%`), eb('value', 'like', `%"userId":${JSON.stringify(userId)}%`)])]))
          .execute();
        await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
        await trx.deleteFrom('garage_bikes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
        await trx.deleteFrom('stock_alerts').where('user_id', '=', userId).execute();
        await trx.deleteFrom('contact_messages').where('email', '=', target.email).execute();
        // The rate limits counted against the account (their keys name it); its client address's stay.
        await trx.deleteFrom('rate_limits').where('key', 'like', `%account|${userId}%`).execute();
        // Its uploads stay listed for the image sweep, which removes those no record uses any more.
        await trx.updateTable('image_uploads').set({ user_id: FORMER_CUSTOMER_ID }).where('user_id', '=', userId).execute();
        await trx.updateTable('reviews').set({ user_id: null, name: FORMER_CUSTOMER_NAME, email: '', img: '' }).where('user_id', '=', userId).execute();
        await detachPurchases(trx, userId, false);
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        // The log names whom the admin removed (its entries are the shop's record of who did what).
        await recordActivity(trx, by, { action: 'user.deleted', record: { type: 'user', id: target.id, label: `${target.name} (${target.email})` } });
        return 'erased';
      });
    },

    /** Detaches the purchases left on the account once its unpaid ones were cancelled (or were paid meanwhile). */
    async detachRest(userId: string): Promise<void> {
      await database.writeTransaction(async (trx) => {
        await detachPurchases(trx, userId, true);
        await trx.deleteFrom('unpaid_holds').where('user_id', '=', userId).execute();
      });
    },

    // The export's reads: each by the account's id only.
    profileOf(userId: string) {
      return db.selectFrom('users').select(['id', 'name', 'email', 'email_verified', 'image', 'phone', 'role', 'created_at']).where('id', '=', userId).executeTakeFirst();
    },
    signInMethodsOf(userId: string) {
      return db.selectFrom('accounts').select(['provider_id', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
    },
    addressesOf(userId: string) {
      return db
        .selectFrom('addresses')
        .select(['id', 'full_name', 'line1', 'line2', 'city', 'region', 'postcode', 'country', 'phone', 'is_default', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    garageOf(userId: string) {
      return db
        .selectFrom('garage_bikes')
        .innerJoin('vehicles', 'vehicles.id', 'garage_bikes.vehicle_id')
        .select(['garage_bikes.id', 'vehicles.make', 'vehicles.model', 'vehicles.variant', 'garage_bikes.year', 'garage_bikes.active', 'garage_bikes.created_at'])
        .where('garage_bikes.user_id', '=', userId)
        .orderBy('garage_bikes.created_at')
        .execute();
    },
    cartOf(userId: string) {
      return db.selectFrom('cart_lines').select(['product_id', 'name', 'quantity', 'price_cents']).where('user_id', '=', userId).orderBy('position').execute();
    },
    stockAlertsOf(userId: string) {
      return db
        .selectFrom('stock_alerts')
        .leftJoin('products', 'products.id', 'stock_alerts.product_id')
        .select(['stock_alerts.product_id', 'products.name', 'stock_alerts.created_at'])
        .where('stock_alerts.user_id', '=', userId)
        .orderBy('stock_alerts.created_at')
        .execute();
    },
    reviewsOf(userId: string) {
      return db
        .selectFrom('reviews')
        .select(['id', 'name', 'review', 'ratings', 'img', 'product_id', 'order_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    returnsOf(userId: string) {
      return db
        .selectFrom('returns')
        .select(['id', 'order_id', 'product_id', 'quantity', 'reason', 'comment', 'status', 'reject_reason', 'refund_cents', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The account's purchases, oldest first, a batch at a time, each with its lines and its invoice's number. */
    async *purchasesOf(userId: string) {
      let after: { created_at: string; id: string } | null = null;
      for (;;) {
        const purchases = await purchaseBatch(userId, after);
        if (purchases.length === 0) return;
        const lines = await db
          .selectFrom('orders')
          .select(['id', 'number', 'purchase_id', 'product_id', 'tool_name', 'unit_price_cents', 'quantity', 'total_cents', 'discount_cents', 'tax_cents', 'status', 'paid_at', 'shipped_at', 'refunded_at', 'cancelled_at', 'carrier', 'tracking_number'])
          .where('purchase_id', 'in', purchases.map((purchase) => purchase.id))
          .where('user_id', '=', userId)
          .orderBy('number')
          .execute();
        yield purchases.map((purchase) => ({ purchase, lines: lines.filter((line) => line.purchase_id === purchase.id) }));
        if (purchases.length < EXPORT_BATCH) return;
        const last = purchases[purchases.length - 1]!;
        after = { created_at: last.created_at, id: last.id };
      }
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
