import { zodResolver } from '@hookform/resolvers/zod';
import { type Return, returnMessages } from '@shop/shared';
import { useId } from 'react';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { formatPrice } from '@/utils/format';
import { adminReturnsCopy } from '../copy';
import { ReturnStepDialog } from './return-step-dialog';

const copy = adminReturnsCopy.refundDialog;

/** What the dialog's boxes hold: the amount as typed, in dollars. */
interface RefundFormInput {
  amount: string;
  restock: boolean;
}

/** The refund step's fields; `leftCents` is what is left of the purchase's payment, which the shop refuses to exceed too. */
const refundFormSchema = (leftCents: number) =>
  z.object({
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, returnMessages.amountInvalid)
      .transform((dollars) => Math.round(Number(dollars) * 100))
      .refine((cents) => cents > 0, returnMessages.amountInvalid)
      .refine((cents) => cents <= leftCents, returnMessages.amountAboveLeft(leftCents))
      .transform((cents) => cents / 100),
    restock: z.boolean(),
  });
export type RefundValues = z.output<ReturnType<typeof refundFormSchema>>;

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The prefilled amount: the returned pieces' share of what was paid, unless less of the payment is left. */
const prefilled = (item: Return) => (Math.min(toCents(item.shareAmount), toCents(item.refundableLeft)) / 100).toFixed(2);

export interface RefundDialogProps {
  /** Open while set: the received return being refunded. */
  item: Return | null;
  onSave: (item: Return, values: RefundValues) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/**
 * 'Refund' (SPEC-3 section 4): the amount, prefilled with the pieces' share and at most what is
 * left of the payment, and whether the pieces go back on the shelf; closed once refunded.
 */
export function RefundDialog({ item, onSave, onClose }: RefundDialogProps) {
  return (
    <ReturnStepDialog item={item} heading={copy.heading} text={(open) => copy.text(open.quantity, open.toolName, open.customerName)} onClose={onClose}>
      {(open) => <RefundForm key={open._id} item={open} onSave={onSave} onClose={onClose} />}
    </ReturnStepDialog>
  );
}

function RefundForm({ item, onSave, onClose }: { item: Return } & Pick<RefundDialogProps, 'onSave' | 'onClose'>) {
  const id = useId();
  const form = useServerForm<RefundFormInput, RefundValues>({
    resolver: zodResolver(refundFormSchema(toCents(item.refundableLeft))) as unknown as Resolver<RefundFormInput, unknown, RefundValues>,
    defaultValues: { amount: prefilled(item), restock: false },
    fields: { amount: 'amount', restock: 'restock' },
    onSubmit: async (values) => {
      const outcome = await onSave(item, values);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <FormField id={`${id}-amount`} label={copy.amount} hint={copy.amountHint(formatPrice(item.refundableLeft))} error={errors.amount?.message}>
        {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register('amount')} />}
      </FormField>
      <label htmlFor={`${id}-restock`} className="flex cursor-pointer items-center gap-3">
        <input id={`${id}-restock`} type="checkbox" className="checkbox" {...form.register('restock')} />
        <span className="font-medium">{copy.restock}</span>
      </label>
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={copy.cancel} onCancel={onClose} submitClassName="sm:min-w-32">
        {copy.submit}
      </DialogFormActions>
    </form>
  );
}
