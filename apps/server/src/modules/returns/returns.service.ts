import { type createReturnSchema, type LineReturn, type Return, returnMessages, type ReturnsPage, RETURNS_PAGE_SIZE, type ReturnsQuery, type updateReturnSchema } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, OrderRow, ReturnMailKind } from '../../db/schema.js';
import { type AppError, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { lineChargedCents } from '../../lib/pricing.js';
import { type Actor, recordActivity } from '../activity/activity.plugin.js';
import type { SettingsService } from '../settings/settings.plugin.js';
import { returnEmails } from './returns.emails.js';
import { toLineReturn, toReturn } from './returns.mapper.js';
import { type MadeRefund, type ReturnsRepository, windowClosesAt } from './returns.repository.js';

/** How long a return's refund may take at the provider before another admin may ask again. */
const REFUND_CLAIM_MS = 2 * 60 * 1000;

/** The refund the ledger makes of part of a line, as the payments module offers it (its `refundPart`). */
export interface PartRefunds {
  refundPart(ask: {
    orderId: string;
    amountCents: number;
    restockQuantity: number;
    returnId?: string;
    by?: string;
    /** Runs in the transaction that records the refund: the return is refunded with it, or not at all. */
    complete?: (trx: Transaction<Database>, refund: MadeRefund) => Promise<unknown>;
  }): Promise<MadeRefund>;
}

/** What a customer's order answer says of a line's returns (SPEC-3 section 4). */
export interface LineReturnFields {
  returns: LineReturn[];
  /** Pieces that can still go back: of a shipped line not wholly refunded, those in no return but rejected ones. */
  returnableQuantity: number;
  /** When the window closes (ISO); null when nothing can go back. */
  returnableUntil: string | null;
}

/** A request and an admin's step as their shared schemas give them. */
type ReturnRequest = z.output<typeof createReturnSchema>;
type ReturnStep = z.output<typeof updateReturnSchema>;

type AdminStep = Exclude<ReturnStep['action'], 'refund'>;
const STEPS: Record<AdminStep, { from: 'requested' | 'approved'; to: 'approved' | 'rejected' | 'received'; action: 'return.approved' | 'return.rejected' | 'return.received' }> = {
  approve: { from: 'requested', to: 'approved', action: 'return.approved' },
  reject: { from: 'requested', to: 'rejected', action: 'return.rejected' },
  receive: { from: 'approved', to: 'received', action: 'return.received' },
};

/**
 * Returns (SPEC-3 section 4): a customer sends back pieces of a shipped line within the return
 * window; an admin approves or rejects the request, marks the parcel received, then refunds it
 * through the payments module's ledger, optionally putting the pieces back in stock. Each step
 * emails the customer through the order outbox; the refund's email is the line's 'refunded' one.
 */
export function createReturnsService({
  repository,
  settings,
  payments,
  log,
  myOrdersUrl,
}: {
  repository: ReturnsRepository;
  settings: Pick<SettingsService, 'current'>;
  payments: PartRefunds;
  log: FastifyBaseLogger;
  myOrdersUrl: string;
}) {
  const now = () => new Date().toISOString();

  async function answer(id: string): Promise<Return> {
    const row = await repository.find(id);
    if (!row) throw notFound('Return');
    return toReturn(row);
  }

  /** Why an admin's step cannot happen to this return now. */
  async function refusal(id: string, action: ReturnStep['action']): Promise<AppError> {
    const row = await repository.find(id);
    if (!row) return notFound('Return');
    if (action === 'refund' && row.status === 'received') return conflict(returnMessages.refundUnderWay);
    return conflict(returnMessages.cannot(action, row.status));
  }

  /**
   * Received -> refunded: the return is claimed first (received, and no claim or one run out),
   * so two admins at once make one refund; the ledger then asks the provider and, in the
   * transaction that records the refund, marks the return refunded. A refusal, a decline or an
   * unreachable provider releases the claim: the return stays received.
   */
  async function refund(id: string, amountCents: number, restock: boolean, by: string | undefined): Promise<void> {
    const stamp = now();
    const claimed = await repository.claimRefund(id, stamp, new Date(Date.parse(stamp) + REFUND_CLAIM_MS).toISOString());
    if (!claimed) throw await refusal(id, 'refund');
    let made: MadeRefund;
    try {
      made = await payments.refundPart({
        orderId: claimed.order_id,
        amountCents,
        restockQuantity: restock ? claimed.quantity : 0,
        returnId: claimed.id,
        ...(by ? { by } : {}),
        complete: (trx, recorded) => repository.markRefunded(trx, claimed.id, recorded, now()),
      });
    } catch (error) {
      await repository.releaseRefund(claimed.id);
      throw error;
    }
    // The ledger records a refund once: when the provider's event recorded it first, `complete`
    // did not run, and the return is marked refunded with the refund the ledger holds.
    await repository.settleRefunded(claimed.id, made, now());
    log.info({ returnId: id, orderId: claimed.order_id, amountCents, restock, by }, 'return refunded');
  }

  return {
    /** A request from the line's owner; anyone else's line (or an unknown one) is answered 404. */
    async request(caller: { id: string } | null | undefined, orderId: string, input: ReturnRequest): Promise<Return> {
      if (!caller) throw unauthorized();
      const { returnWindowDays } = await settings.current();
      const written = await repository.create({ userId: caller.id, orderId, ...input, stamp: now(), windowDays: returnWindowDays });
      if (!('refusal' in written)) return answer(written.id);
      switch (written.refusal) {
        case 'not-found':
          throw notFound('Order');
        case 'not-shipped':
          throw conflict(returnMessages.notShipped);
        case 'all-refunded':
          throw conflict(returnMessages.allRefunded);
        case 'window-closed':
          throw conflict(returnMessages.windowClosed(returnWindowDays));
        case 'too-many':
          throw conflict(returnMessages.tooMany(written.left), { quantity: [returnMessages.tooMany(written.left)] });
      }
    },

    async list(query: ReturnsQuery): Promise<ReturnsPage> {
      const { rows, total } = await repository.page(query);
      return { returns: rows.map(toReturn), total, page: query.page ?? 0, pageSize: RETURNS_PAGE_SIZE };
    },

    /** One step of an admin or staff member, with its activity entry; answers the return as it now is. */
    async update(id: string, input: ReturnStep, actor: Actor | null | undefined): Promise<Return> {
      const by = actor?.email;
      if (input.action === 'refund') {
        await refund(id, Math.round(input.amount * 100), input.restock, by);
      } else {
        const { from, to, action } = STEPS[input.action];
        const rejectReason = input.action === 'reject' ? input.reason : null;
        const moved = await repository.step(id, from, to, now(), rejectReason, (trx, row) =>
          recordActivity(trx, actor, {
            action,
            record: { type: 'return', id, label: `Return of order #${row.order_number}` },
            changes: [{ field: 'status', before: from, after: to }, ...(rejectReason === null ? [] : [{ field: 'rejectReason', before: null, after: rejectReason }])],
          }),
        );
        if (!moved) throw await refusal(id, input.action);
        log.info({ returnId: id, orderId: moved.order_id, status: to, by }, 'return step');
      }
      return answer(id);
    },

    /**
     * The returns fields of a customer's lines, by line id: each line's returns, the pieces that
     * can still go back and until when (the settings' window from the line's shipping).
     */
    async lineFields(lines: OrderRow[]): Promise<Map<string, LineReturnFields>> {
      const { returnWindowDays } = await settings.current();
      const returns = await repository.ofLines(lines.map((line) => line.id));
      return new Map(
        lines.map((line) => {
          const own = returns.filter((row) => row.order_id === line.id);
          const taken = own.filter((row) => row.status !== 'rejected').reduce((sum, row) => sum + row.quantity, 0);
          const open = line.status === 'shipped' && line.shipped_at !== null && Number(line.refunded_cents ?? 0) < lineChargedCents(line, line.prices_include_tax);
          const returnableQuantity = open ? Math.max(0, line.quantity - taken) : 0;
          return [
            line.id,
            { returns: own.map(toLineReturn), returnableQuantity, returnableUntil: returnableQuantity > 0 ? windowClosesAt(line.shipped_at!, returnWindowDays) : null },
          ];
        }),
      );
    },

    /** The email of a return's step, written from the return and its line at sending time; null when the return is gone. */
    async mail(kind: ReturnMailKind, order: OrderRow, returnId: string): Promise<{ subject: string; text: string } | null> {
      const returned = await repository.forMail(returnId);
      if (!returned) return null;
      const { shopName, shopAddress } = await settings.current();
      return returnEmails[kind]({ order, returned, shop: { shopName, shopAddress }, myOrdersUrl });
    },
  };
}
export type ReturnsService = ReturnType<typeof createReturnsService>;
