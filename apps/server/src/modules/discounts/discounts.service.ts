import { type Discount, type DiscountDeletedAnswer, discountCodeKey, discountInputSchema, discountMessages, type DiscountPatch, type DiscountValues } from '@shop/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { createSharedValue } from '../../lib/shared-revision.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import { toDiscount, toDiscountColumns, toDiscountInput } from './discounts.mapper.js';
import { countUse, type DiscountColumns, type DiscountRow, type DiscountsRepository, giveBack, recordRedemption, redeem } from './discounts.repository.js';

/** A discount as the activity log names it. */
const discountRecord = (id: string, code: string) => ({ type: 'discount' as const, id, label: code });
/** A discount's terms as the activity log compares them (the admin's names, money in dollars). */
const termsOf = (row: DiscountRow) => toDiscountInput(row) as unknown as Record<string, unknown>;
const withColumns = (row: DiscountRow, columns: DiscountColumns): DiscountRow => ({ ...row, ...columns });

/** A line of a quote or a placement, as the discount sees it. */
export interface DiscountLine {
  productId: string;
  /** The part's category (`products.category_id`); a category discount takes off its lines only. */
  categoryId: string | null;
  lineTotalCents: number;
}

export interface DiscountRequest {
  /** As the customer typed it: any case, spaces around. */
  code: string;
  /** The signed-in customer; null for a visitor (a once-per-customer code is then checked at placement). */
  userId: string | null;
  /** Today in the shop's time zone, YYYY-MM-DD. */
  today: string;
  lines: DiscountLine[];
  subtotalCents: number;
}

/** A code that applies, as the quote and the placement need it. */
export interface AppliedDiscount {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  /** Basis points for a percent (1000 = 10 %), cents for an amount. */
  value: number;
  appliesToDelivery: boolean;
  oncePerCustomer: boolean;
  usesTotal: number | null;
  /** The category whose lines it takes off; null: every line. */
  categoryId: string | null;
}

/** Whether a code applies to these lines, and to how much of them (`eligibleCents`); otherwise SPEC's message why not. */
export type DiscountEvaluation = { ok: true; discount: AppliedDiscount; eligibleCents: number } | { ok: false; message: string };

/** What the placement's redemption answers: counted, or SPEC's message why not (the placement then refuses). */
export type RedemptionOutcome = { ok: true } | { ok: false; message: string };

const codeTaken = () => conflict(discountMessages.codeTaken, { code: [discountMessages.codeTaken] });
const unknownCategory = () => invalidField('categoryId', discountMessages.unknownCategory);

/**
 * The discount codes the admin keeps, and whether a code applies to a purchase (SPEC-3 section 2).
 * The codes' terms, which every quote and placement with a code reads, are held in memory by
 * revision (decision 034): an admin's change through any instance is seen by every other within
 * about `checkAfterMs`; a code's count of uses, which placements move, is read where it has a limit.
 */
export function createDiscountsService({ repository, checkAfterMs }: { repository: DiscountsRepository; checkAfterMs?: number }) {
  const load = async () => new Map((await repository.list()).map((row) => [row.code, row]));
  const byCode = createSharedValue({ revision: repository.revision, load, ...(checkAfterMs === undefined ? {} : { checkAfterMs }) });
  /** After a write here: this instance sees it at once (the counter read first, so the copy is never older than it). */
  const reload = async () => {
    const revision = await repository.revision();
    byCode.wrote(await load(), revision);
  };

  async function assertCategory(categoryId: string | null): Promise<void> {
    if (categoryId !== null && !(await repository.categoryExists(categoryId))) throw unknownCategory();
  }

  /** The refusal of a code on this request, if any, in the order a customer can do something about it last. */
  async function refusal(row: DiscountRow | undefined, request: DiscountRequest, eligibleCents: number): Promise<string | undefined> {
    if (!row || !row.active) return discountMessages.notValid;
    // A promotion that has not started is not valid yet: 'expired' would tell the customer it is over.
    if (row.starts_on !== null && request.today < row.starts_on) return discountMessages.notValid;
    if (row.ends_on !== null && request.today > row.ends_on) return discountMessages.expired;
    // A category code on a purchase without a part of its category (or of a category deleted since) takes nothing off: not valid here.
    if (row.category_id !== null && eligibleCents === 0) return discountMessages.notValid;
    if (row.uses_total !== null && (await repository.usedCount(row.id)) >= row.uses_total) return discountMessages.usedUp;
    if (row.once_per_customer && request.userId !== null && (await repository.hasRedeemed(row.id, request.userId))) return discountMessages.alreadyUsed;
    if (request.subtotalCents < Number(row.min_subtotal_cents)) return discountMessages.needsSubtotal(Number(row.min_subtotal_cents));
    return undefined;
  }

  return {
    async list(): Promise<Discount[]> {
      return (await repository.list()).map(toDiscount);
    },

    async add(values: DiscountValues, actor?: Actor | null): Promise<string> {
      await assertCategory(values.categoryId);
      const columns = toDiscountColumns(values);
      const inserted = await repository.insert(columns, (trx, row) =>
        recordActivity(trx, actor, { action: 'discount.created', record: discountRecord(row.id, row.code), changes: changesBetween({}, termsOf(row)) }),
      );
      if (inserted === 'taken') throw codeTaken();
      await reload();
      return inserted.id;
    },

    /** Changes the fields sent; the discount as it would be is checked whole (an end before its start, a percent above 100). */
    async edit(id: string, patch: DiscountPatch, actor?: Actor | null): Promise<void> {
      const row = await repository.findById(id);
      if (!row) throw notFound('Discount');
      const checked = discountInputSchema.safeParse({ ...toDiscountInput(row), ...patch });
      if (!checked.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of checked.error.issues) (fieldErrors[issue.path.join('.') || '(root)'] ??= []).push(issue.message);
        throw new AppError(422, 'VALIDATION_FAILED', checked.error.issues[0]!.message, fieldErrors);
      }
      await assertCategory(checked.data.categoryId);
      const columns = toDiscountColumns(checked.data);
      const outcome = await repository.update(id, columns, async (trx, before) => {
        const changes = changesBetween(termsOf(before), termsOf(withColumns(before, columns)));
        if (changes.length > 0) await recordActivity(trx, actor, { action: 'discount.updated', record: discountRecord(id, columns.code), changes });
      });
      if (outcome === 'not-found') throw notFound('Discount');
      if (outcome === 'taken') throw codeTaken();
      await reload();
    },

    /** Deletes an unused code; a used one is deactivated, since its purchases keep naming it. */
    async remove(id: string, actor?: Actor | null): Promise<DiscountDeletedAnswer> {
      const outcome = await repository.remove(id, (trx, before, removed) =>
        recordActivity(trx, actor, {
          action: 'discount.deleted',
          record: discountRecord(id, before.code),
          // A code a purchase has used is kept, inactive, since its purchases keep naming it.
          ...(removed === 'deactivated' ? { changes: changesBetween({ active: Boolean(before.active) }, { active: false }), summary: 'Kept inactive: purchases used it' } : {}),
        }),
      );
      if (outcome === 'not-found') throw notFound('Discount');
      await reload();
      return { acknowledged: true, deletedCount: outcome === 'deleted' ? 1 : 0, deactivated: outcome === 'deactivated' };
    },

    /**
     * Whether a code applies to a quote's or a placement's lines: matched in any case, trimmed;
     * `eligibleCents` is the subtotal of the lines it takes off (its category's, or all).
     */
    async evaluate(request: DiscountRequest): Promise<DiscountEvaluation> {
      const row = (await byCode.get()).get(discountCodeKey(request.code));
      const eligibleCents = row ? request.lines.filter((line) => row.category_id === null || line.categoryId === row.category_id).reduce((sum, line) => sum + line.lineTotalCents, 0) : 0;
      const message = await refusal(row, request, eligibleCents);
      if (message !== undefined || !row) return { ok: false, message: message ?? discountMessages.notValid };
      const { _id, code, kind, appliesToDelivery, oncePerCustomer, usesTotal } = toDiscount(row);
      return { ok: true, discount: { id: _id, code, kind, value: row.value, appliesToDelivery, oncePerCustomer, usesTotal, categoryId: row.category_id }, eligibleCents };
    },

    /**
     * Counts the purchase's use of the discount in the placement's transaction, exactly once
     * however many place at the same moment; on a refusal the placement rolls back.
     */
    async redeem(trx: Transaction<Database>, use: { discount: Pick<AppliedDiscount, 'id' | 'oncePerCustomer'>; purchaseId: string; userId: string }): Promise<RedemptionOutcome> {
      const outcome = await redeem(trx, { discountId: use.discount.id, purchaseId: use.purchaseId, userId: use.userId, oncePerCustomer: use.discount.oncePerCustomer });
      if (outcome === 'redeemed') return { ok: true };
      const messages = { 'already-used': discountMessages.alreadyUsed, 'used-up': discountMessages.usedUp, inactive: discountMessages.notValid } as const;
      return { ok: false, message: messages[outcome] };
    },

    /** Gives back the uses of an unpaid purchase being cancelled or swept, in that transaction; answers how many. */
    giveBack: (trx: Transaction<Database>, purchaseId: string): Promise<number> => giveBack(trx, purchaseId),

    /** The two statements of a redemption as query builders, for a placement that writes them into its own statement (CTEs). */
    statements: { countUse, recordRedemption },
  };
}
export type DiscountsService = ReturnType<typeof createDiscountsService>;
