import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';

interface StubIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

interface StubRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded' | 'failed';
  failure_reason: string | null;
  metadata: Record<string, string>;
}

/** Every `metadata[key]` field of a form, as Stripe keeps them. */
const metadataOf = (form: URLSearchParams) =>
  Object.fromEntries(
    [...form.entries()].flatMap(([name, value]) => {
      const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
      return key ? [[key, value]] : [];
    }),
  );

/**
 * A local stand-in for the part of Stripe's API the shop uses (payment intents: create with an
 * idempotency key, retrieve, cancel; refunds of part or all of a succeeded intent, once per
 * idempotency key), so the Stripe adapter is tested through the real SDK.
 */
export async function startStripeStub() {
  const intents = new Map<string, StubIntent>();
  const byIdempotencyKey = new Map<string, StubIntent>();
  const requests: Array<{ method: string; path: string; authorization?: string }> = [];

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse, id: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } });

  const refunds = new Map<string, StubRefund>();
  const refundsByKey = new Map<string, StubRefund>();
  /** Intents whose refunds fail, as those of a card closed since the payment. */
  const refundsFailFor = new Set<string>();
  function refundIntent(req: http.IncomingMessage, res: http.ServerResponse, form: URLSearchParams) {
    const key = String(req.headers['idempotency-key'] ?? '');
    const existing = key ? refundsByKey.get(key) : undefined;
    if (existing) return send(res, 200, existing);
    const intentId = String(form.get('payment_intent'));
    const intent = intents.get(intentId);
    if (!intent) return notFound(res, intentId);
    if (intent.status !== 'succeeded') {
      return send(res, 400, { error: { type: 'invalid_request_error', code: 'charge_not_succeeded', message: 'This PaymentIntent does not have a successful charge to refund.' } });
    }
    const amount = Number(form.get('amount') ?? intent.amount);
    const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === intentId && refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amount, 0);
    if (refunded + amount > intent.amount) {
      return send(res, 400, {
        error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})` },
      });
    }
    const fails = refundsFailFor.has(intentId);
    const refund: StubRefund = {
      id: `re_stub_${randomBytes(8).toString('hex')}`,
      object: 'refund',
      amount,
      payment_intent: intentId,
      status: fails ? 'failed' : 'succeeded',
      failure_reason: fails ? 'expired_or_canceled_card' : null,
      metadata: metadataOf(form),
    };
    refunds.set(refund.id, refund);
    if (key) refundsByKey.set(key, refund);
    return send(res, 200, refund);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
      const form = new URLSearchParams(raw);
      if (req.method === 'POST' && url.pathname === '/v1/refunds') return refundIntent(req, res, form);
      const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
      if (!match) return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      const [, id, cancel] = match;
      if (req.method === 'POST' && !id) {
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? byIdempotencyKey.get(key) : undefined;
        if (existing) return send(res, 200, existing);
        const intentId = `pi_stub_${randomBytes(8).toString('hex')}`;
        const intent: StubIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: String(form.get('currency')),
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata: metadataOf(form),
        };
        intents.set(intentId, intent);
        if (key) byIdempotencyKey.set(key, intent);
        return send(res, 200, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return notFound(res, id ?? '');
      if (req.method === 'GET') return send(res, 200, intent);
      if (req.method === 'POST' && cancel) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(res, 400, {
            error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}` },
          });
        }
        intent.status = 'canceled';
        return send(res, 200, intent);
      }
      return send(res, 405, { error: { type: 'invalid_request_error', message: 'Method not allowed' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    intents,
    refunds,
    /** Makes the refunds of this intent fail from now on. */
    failRefundsOf: (intentId: string) => refundsFailFor.add(intentId),
    /** What Stripe does when the bank sends back a refund it had accepted: the refund fails, and answers its `refund.failed` event's object. */
    failRefund(id: string, reason: string): StubRefund {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      Object.assign(refund, { status: 'failed', failure_reason: reason });
      return refund;
    },
    /** What Stripe.js does when the customer's card is accepted. */
    succeed(id: string, amount?: number) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
      if (amount !== undefined) intent.amount = amount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const STUB_WEBHOOK_SECRET = 'whsec_local_stub_secret';

/** The settings that point the shop's Stripe provider at a running stub. */
export const stripeStubEnv = (stub: { url: string }) => ({
  STRIPE_SECRET_KEY: 'sk_test_local_stub',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local_stub',
  STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
  STRIPE_API_URL: stub.url,
});

/** Signs webhook payloads as Stripe does (the SDK's own test signer). */
export const stripeSigner = new Stripe('sk_test_signer', { telemetry: false });

/** Stripe's signature header for a payload: with the stub's secret unless another is given, now unless a time (in seconds) is. */
export const signWebhook = (payload: string, { secret = STUB_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) =>
  stripeSigner.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

/**
 * The shop with its payments through a fresh Stripe stub, for the tests of the calling file or
 * describe block: started before them, closed after.
 */
export function useStripeStubApp(): { readonly t: TestApp; readonly stub: StripeStub } {
  let t: TestApp | undefined;
  let stub: StripeStub | undefined;
  beforeAll(async () => {
    stub = await startStripeStub();
    t = await buildTestApp(stripeStubEnv(stub));
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the Stripe stub app starts in beforeAll');
    return value;
  };
  return {
    get t() {
      return started(t);
    },
    get stub() {
      return started(stub);
    },
  };
}

export type StripeStub = Awaited<ReturnType<typeof startStripeStub>>;
