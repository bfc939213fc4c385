import { zodResolver } from '@hookform/resolvers/zod';
import { boundedText, type Return, RETURN_REJECT_REASON_MAX, returnMessages } from '@shop/shared';
import { useId } from 'react';
import { z } from 'zod';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminReturnsCopy } from '../copy';
import { ReturnStepDialog } from './return-step-dialog';

const copy = adminReturnsCopy.rejectDialog;

/** The reject step's own field, as PATCH /returns/{id} checks it. */
const rejectSchema = z.object({ reason: boundedText(RETURN_REJECT_REASON_MAX, returnMessages.rejectReasonRequired) });
export type RejectValues = z.output<typeof rejectSchema>;

export interface RejectDialogProps {
  /** Open while set: the requested return being rejected. */
  item: Return | null;
  onSave: (item: Return, values: RejectValues) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/** 'Reject': asks the reason the customer is emailed; closed once the shop has rejected the return. */
export function RejectDialog({ item, onSave, onClose }: RejectDialogProps) {
  return (
    <ReturnStepDialog item={item} heading={copy.heading} text={(open) => copy.text(open.quantity, open.toolName, open.customerName)} onClose={onClose}>
      {(open) => <RejectForm key={open._id} item={open} onSave={onSave} onClose={onClose} />}
    </ReturnStepDialog>
  );
}

function RejectForm({ item, onSave, onClose }: { item: Return } & Pick<RejectDialogProps, 'onSave' | 'onClose'>) {
  const id = useId();
  const form = useServerForm<z.input<typeof rejectSchema>, RejectValues>({
    resolver: zodResolver(rejectSchema),
    defaultValues: { reason: '' },
    fields: { reason: 'reason' },
    onSubmit: async (values) => {
      const outcome = await onSave(item, values);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <FormField id={`${id}-reason`} kind="textarea" label={copy.reason} error={errors.reason?.message}>
        {(props) => <textarea rows={3} maxLength={RETURN_REJECT_REASON_MAX} {...props} {...form.register('reason')} />}
      </FormField>
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={copy.cancel} onCancel={onClose} submitClassName="sm:min-w-32">
        {copy.submit}
      </DialogFormActions>
    </form>
  );
}
