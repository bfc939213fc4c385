import { zodResolver } from '@hookform/resolvers/zod';
import { createReturnSchema, type Order, RETURN_COMMENT_MAX, RETURN_REASONS, type ReturnReason, returnMessages } from '@shop/shared';
import { useId } from 'react';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { formatDay } from '@/utils/format';
import { ordersCopy } from '../copy';

const copy = ordersCopy.returnDialog;

/** What the dialog's boxes hold: the quantity as typed, no reason until one is chosen. */
interface ReturnFormInput {
  quantity: string;
  reason: ReturnReason | '';
  comment: string;
}

export type ReturnValues = z.output<typeof createReturnSchema>;

const FIELDS = { quantity: 'quantity', reason: 'reason', comment: 'comment' } as const;

/**
 * The shared request's rules, with the quantity read from its box and held to what can still go
 * back: the shop says the same when it refuses more.
 */
const returnFormSchema = (left: number) =>
  createReturnSchema.extend({
    quantity: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, returnMessages.quantityInvalid)
      .transform(Number)
      .pipe(createReturnSchema.shape.quantity.max(left, returnMessages.tooMany(left))),
  });

/** How many pieces of the line can still go back (none: the dialog is not offered). */
export const returnableOf = (line: Order, now = Date.now()): number =>
  line.returnableUntil && Date.parse(line.returnableUntil) > now ? Math.max(0, line.returnableQuantity ?? 0) : 0;

export interface ReturnDialogProps {
  /** Open while set: the shipped line being returned. */
  line: Order | null;
  onSave: (line: Order, values: ReturnValues) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/** 'Return' on a shipped line (SPEC-3 section 4): how many pieces, why, and a comment; closed once the shop has the request. */
export function ReturnDialog({ line, onSave, onClose }: ReturnDialogProps) {
  const headingId = useId();
  const introId = useId();
  return (
    <Modal open={line !== null} onClose={onClose} labelledBy={headingId} describedBy={introId}>
      {line !== null && (
        <>
          <h2 id={headingId} className="text-lg font-bold wrap-anywhere">
            {copy.heading(line.toolName)}
          </h2>
          <p id={introId} className="pt-2 text-base-content/80">
            {copy.intro(returnableOf(line), line.returnableUntil ? formatDay(line.returnableUntil) : '')}
          </p>
          <ReturnForm key={line._id} line={line} onSave={onSave} onClose={onClose} />
        </>
      )}
    </Modal>
  );
}

function ReturnForm({ line, onSave, onClose }: { line: Order } & Pick<ReturnDialogProps, 'onSave' | 'onClose'>) {
  const id = useId();
  const left = returnableOf(line);
  const form = useServerForm<ReturnFormInput, ReturnValues>({
    // The form holds text where the request holds numbers; the schema reads one into the other.
    resolver: zodResolver(returnFormSchema(left)) as unknown as Resolver<ReturnFormInput, unknown, ReturnValues>,
    // Most returns are of the whole line: a line of one piece needs nothing typed.
    defaultValues: { quantity: String(left), reason: '', comment: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      const outcome = await onSave(line, values);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  const { errors } = form.formState;
  const field = (name: keyof typeof FIELDS) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <FormField id={field('quantity')} label={copy.quantity} hint={copy.quantityHint(left)} error={errors.quantity?.message}>
        {(props) => <input type="number" inputMode="numeric" min={1} max={left} step={1} autoComplete="off" {...props} {...form.register('quantity')} />}
      </FormField>
      <FormField id={field('reason')} kind="select" label={copy.reason} error={errors.reason?.message}>
        {(props) => (
          <select {...props} {...form.register('reason')}>
            <option value="">{copy.chooseReason}</option>
            {RETURN_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={field('comment')} kind="textarea" label={copy.comment} hint={copy.commentHint} error={errors.comment?.message}>
        {(props) => <textarea rows={3} maxLength={RETURN_COMMENT_MAX} {...props} {...form.register('comment')} />}
      </FormField>
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={copy.cancel} onCancel={onClose} submitClassName="sm:min-w-44">
        {copy.submit}
      </DialogFormActions>
    </form>
  );
}
