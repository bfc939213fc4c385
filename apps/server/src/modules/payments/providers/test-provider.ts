import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { Database, TestPaymentIntentTable } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { type PaymentProvider, type ProviderIntent, type ProviderRefund, paysForMetadata, refundMetadata, type WebhookEvent } from './payment-provider.js';
import { verifyStripeSignedEvent } from './stripe-signature.js';

/** Stripe's documented test cards that test mode accepts; any other number is refused and never stored. */
const TEST_CARDS: Record<string, { outcome: 'succeeded' } | { outcome: 'declined'; message: string; code: string }> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000056655665556': { outcome: 'succeeded' },
  '5555555555554444': { outcome: 'succeeded' },
  // Paid, but Stripe's refunds of it fail: the card was closed since.
  '4000000000005126': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'declined', code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { outcome: 'declined', code: 'expired_card', message: 'Your card has expired.' },
};

/** The last digits of Stripe's test card whose refunds fail. */
const REFUND_FAILS_LAST4 = '5126';

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

const cardError = (message: string, field: 'number' | 'expiry' | 'cvc') =>
  new AppError(422, 'CARD_INVALID', message, { [`card.${field}`]: [message] });

function checkCard(card: TestCard, now = new Date()) {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number)) throw cardError('Your card number is incomplete.', 'number');
  const test = TEST_CARDS[number];
  if (!test) throw cardError('Test mode takes test cards only, such as 4242 4242 4242 4242.', 'number');
  const expiry = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  if (!expiry) throw cardError("Your card's expiration date is incomplete.", 'expiry');
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw cardError("Your card's expiration date is in the past.", 'expiry');
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) throw cardError("Your card's security code is incomplete.", 'cvc');
  return { number, test };
}

const toIntent = (row: TestPaymentIntentTable): ProviderIntent => ({
  id: row.id,
  clientSecret: row.client_secret,
  status: row.status,
  amountCents: row.amount_cents,
  currency: row.currency,
  paysFor: row.purchase_id,
});

export interface TestModeProvider extends PaymentProvider {
  /** The card form's confirmation, as Stripe.js does it against Stripe: succeeds, declines or refuses the card. */
  confirmCard(clientSecret: string, card: TestCard): Promise<ProviderIntent>;
  /** Signs an event exactly as Stripe signs its webhooks. */
  signWebhook(payload: string): string;
}

/**
 * Test mode: Stripe's PaymentIntent life cycle kept in the shop's own database, with Stripe's
 * test cards and Stripe's webhook signature scheme, so every payment path runs without Stripe.
 */
export function createTestModeProvider({
  db,
  authSecret,
  onEvent,
}: {
  db: Kysely<Database>;
  authSecret: string;
  /** Delivers a signed event to the shop's webhook endpoint, as Stripe would. */
  onEvent: (payload: string, signature: string) => void;
}): TestModeProvider {
  const webhookSecret = `whsec_${createHmac('sha256', authSecret).update('test-mode-webhooks').digest('base64url')}`;
  const signer = new Stripe('sk_test_local_signing_only', { telemetry: false });
  const now = () => new Date().toISOString();

  const findById = (id: string) => db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();

  const provider: TestModeProvider = {
    mode: 'test',
    publishableKey: null,

    async createIntent({ paysFor, amountCents, currency, idempotencyKey }) {
      const existing = await db
        .selectFrom('test_payment_intents')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (existing) return toIntent(existing);
      const id = `pi_test_${newId()}`;
      const row: TestPaymentIntentTable = {
        id,
        client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
        idempotency_key: idempotencyKey,
        amount_cents: amountCents,
        currency,
        purchase_id: paysFor.id,
        status: 'requires_payment_method',
        last_error: null,
        card_last4: null,
        created_at: now(),
        updated_at: now(),
      };
      // Two requests with one key at once: the second insert does nothing and both read the first.
      await db
        .insertInto('test_payment_intents')
        .values(row)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      return toIntent(
        await db.selectFrom('test_payment_intents').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow(),
      );
    },

    async retrieveIntent(id) {
      const row = await findById(id);
      return row ? toIntent(row) : null;
    },

    async cancelIntent(id) {
      await db
        .updateTable('test_payment_intents')
        .set({ status: 'canceled', updated_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'requires_payment_method')
        .execute();
      return (await findById(id))?.status ?? null;
    },

    async confirmCard(clientSecret, card) {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND', 'This payment was not found. Please reload the page.');
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status === 'canceled') throw new AppError(409, 'CONFLICT', 'This payment was cancelled with its order.');
      const { number, test } = checkCard(card);
      if (test.outcome === 'declined') {
        await db.updateTable('test_payment_intents').set({ last_error: test.code, updated_at: now() }).where('id', '=', row.id).execute();
        throw new AppError(402, 'CARD_DECLINED', test.message);
      }
      const updated = await db
        .updateTable('test_payment_intents')
        .set({ status: 'succeeded', card_last4: number.slice(-4), last_error: null, updated_at: now() })
        .where('id', '=', row.id)
        .where('status', '=', 'requires_payment_method')
        .returningAll()
        .executeTakeFirst();
      const final = updated ?? (await findById(row.id))!;
      if (final.status === 'canceled') throw new AppError(409, 'CONFLICT', 'This payment was cancelled with its order.');
      if (updated) {
        // A one-part purchase shares its order's id; any other is a checkout.
        const order = await db.selectFrom('orders').select('id').where('id', '=', final.purchase_id).executeTakeFirst();
        const payload = JSON.stringify({
          id: `evt_test_${newId()}`,
          object: 'event',
          type: 'payment_intent.succeeded',
          created: Math.floor(Date.now() / 1000),
          data: {
            object: {
              id: final.id,
              object: 'payment_intent',
              amount: final.amount_cents,
              currency: final.currency,
              status: final.status,
              metadata: paysForMetadata({ id: final.purchase_id, checkout: order === undefined }),
            },
          },
        });
        onEvent(payload, provider.signWebhook(payload));
      }
      return toIntent(final);
    },

    async refund({ intentId, amountCents, idempotencyKey, orderId, refundId }) {
      const toRefund = (row: { id: string; status: 'succeeded' | 'failed'; failure_reason: string | null }): ProviderRefund => ({
        id: row.id,
        status: row.status,
        failureReason: row.failure_reason,
      });
      const existing = await db.selectFrom('test_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      if (existing) return toRefund(existing);
      const intent = await findById(intentId);
      if (!intent || intent.status !== 'succeeded') return { id: '', status: 'failed', failureReason: 'This payment was not completed, so there is nothing to refund.' };
      const { refunded } = await db
        .selectFrom('test_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('refunded'))
        .where('intent_id', '=', intentId)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      if (Number(refunded) + amountCents > intent.amount_cents) {
        return { id: '', status: 'failed', failureReason: 'The refund is larger than what is left of the payment.' };
      }
      const closedCard = intent.card_last4 === REFUND_FAILS_LAST4;
      const row = {
        id: `re_test_${newId()}`,
        intent_id: intentId,
        amount_cents: amountCents,
        idempotency_key: idempotencyKey,
        status: closedCard ? ('failed' as const) : ('succeeded' as const),
        failure_reason: closedCard ? 'expired_or_canceled_card' : null,
        metadata: JSON.stringify(refundMetadata(orderId, refundId)),
        created_at: now(),
      };
      // Two requests with one key at once: the second insert does nothing and both read the first.
      await db.insertInto('test_refunds').values(row).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
      return toRefund(await db.selectFrom('test_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow());
    },

    signWebhook(payload) {
      return signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    },

    verifyWebhook(rawBody, signature): WebhookEvent {
      return verifyStripeSignedEvent(signer, rawBody, signature, webhookSecret);
    },
  };
  return provider;
}
