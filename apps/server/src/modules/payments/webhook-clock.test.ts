import { describe, expect, it } from 'vitest';
import { STUB_WEBHOOK_SECRET, signWebhook, stripeSigner, useStripeStubApp } from '../../test/stripe-stub.js';
import { WebhookSignatureError } from './providers/payment-provider.js';
import { verifyStripeSignedEvent } from './providers/stripe-signature.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);
let sequence = 0;
const eventPayload = () => JSON.stringify({ id: `evt_clock_${++sequence}`, object: 'event', type: 'charge.updated', data: { object: { id: 'ch_1', object: 'charge' } } });
const sign = (payload: string, timestamp: number) => signWebhook(payload, { timestamp });

describe('the Stripe webhook and the clock', () => {
  const shop = useStripeStubApp();
  const webhook = (payload: string, signature: string) =>
    shop.t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('refuses a correctly signed event dated an hour ahead, with the envelope', async () => {
    const payload = eventPayload();
    const refused = await webhook(payload, sign(payload, nowSeconds() + 3600));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'BAD_SIGNATURE' }, requestId: expect.any(String) });
    expect(await shop.t.database.db.selectFrom('webhook_events').select('id').where('id', '=', JSON.parse(payload).id).executeTakeFirst()).toBeUndefined();
  });

  it('accepts one dated a few seconds ahead (clocks differ a little), and one from just now', async () => {
    for (const timestamp of [nowSeconds() + 10, nowSeconds()]) {
      const payload = eventPayload();
      const answer = await webhook(payload, sign(payload, timestamp));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'ignored' });
    }
  });

  it('still refuses events older than five minutes', async () => {
    const payload = eventPayload();
    expect((await webhook(payload, sign(payload, nowSeconds() - 600))).statusCode).toBe(400);
  });
});

describe('verifyStripeSignedEvent (Stripe and test-mode providers)', () => {
  const now = Date.UTC(2026, 5, 1, 12, 0, 0);
  const at = now / 1000;
  const verify = (payload: string, signature: string) => verifyStripeSignedEvent(stripeSigner, Buffer.from(payload), signature, STUB_WEBHOOK_SECRET, now);

  it.each([
    ['5 minutes ahead', at + 300, true],
    ['5 minutes and a second ahead', at + 301, false],
    ['5 minutes old', at - 300, true],
    ['5 minutes and a second old', at - 301, false],
  ])('%s', (_label, timestamp, accepted) => {
    const payload = eventPayload();
    const check = () => verify(payload, sign(payload, timestamp));
    if (accepted) expect(check().id).toBe(JSON.parse(payload).id);
    else expect(check).toThrow(WebhookSignatureError);
  });

  it('reads the signed time as the SDK does (the last t=): an extra t= neither hides a future date nor passes the signature', () => {
    const payload = eventPayload();
    const future = sign(payload, at + 3600);
    expect(() => verify(payload, `t=${at},${future}`)).toThrow(WebhookSignatureError);
    expect(() => verify(payload, `${future},t=${at}`)).toThrow(WebhookSignatureError);
  });
});
