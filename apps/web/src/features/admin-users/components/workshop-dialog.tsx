import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminUser, type WorkshopInput, workshopInputSchema } from '@shop/shared';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminUsersCopy } from '../copy';

const copy = adminUsersCopy.workshop;

/** What the dialog's boxes hold: the discount as typed. */
interface WorkshopFormInput {
  workshop: boolean;
  tradeDiscount: string;
}

/** The shared rule; an account that is not a workshop has no discount, whatever the hidden box still holds. */
const workshopFormSchema = z
  .object({ workshop: z.boolean(), tradeDiscount: z.string() })
  .transform((values): WorkshopInput => (values.workshop ? values : { ...values, tradeDiscount: 0 }))
  .pipe(workshopInputSchema);
export type WorkshopValues = z.output<typeof workshopInputSchema>;

export interface WorkshopDialogProps {
  /** Open while set: the account being changed. */
  user: AdminUser | null;
  onSave: (user: AdminUser, values: WorkshopValues) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/** SPEC-3 section 6, admin All Users: 'Workshop' and its 'Trade discount' in percent (0-50); closed once saved. */
export function WorkshopDialog({ user, onSave, onClose }: WorkshopDialogProps) {
  const headingId = useId();
  const textId = useId();
  return (
    <Modal open={user !== null} onClose={onClose} labelledBy={headingId} describedBy={textId}>
      {user && (
        <>
          <h2 id={headingId} className="text-lg font-bold">
            {copy.heading}
          </h2>
          <p id={textId} className="pt-2 wrap-anywhere">
            {copy.text(user.email)}
          </p>
          <WorkshopForm key={user.email} user={user} onSave={onSave} onClose={onClose} />
        </>
      )}
    </Modal>
  );
}

function WorkshopForm({ user, onSave, onClose }: { user: AdminUser } & Pick<WorkshopDialogProps, 'onSave' | 'onClose'>) {
  const id = useId();
  const form = useServerForm<WorkshopFormInput, WorkshopValues>({
    resolver: zodResolver(workshopFormSchema),
    defaultValues: { workshop: user.workshop, tradeDiscount: String(user.tradeDiscount) },
    fields: { workshop: 'workshop', tradeDiscount: 'tradeDiscount' },
    onSubmit: async (values) => {
      const outcome = await onSave(user, values);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  const workshop = useWatch({ control: form.control, name: 'workshop' });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <label htmlFor={`${id}-workshop`} className="flex cursor-pointer items-center gap-3">
        <input id={`${id}-workshop`} type="checkbox" className="checkbox" {...form.register('workshop')} />
        <span className="font-medium">{copy.workshop}</span>
        <span className="text-sm text-base-content/80">{copy.workshopHint}</span>
      </label>
      {errors.workshop?.message && <FieldMessage>{errors.workshop.message}</FieldMessage>}
      {workshop && (
        <FormField id={`${id}-discount`} label={copy.tradeDiscount} hint={copy.tradeDiscountHint} error={errors.tradeDiscount?.message}>
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register('tradeDiscount')} />}
        </FormField>
      )}
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={copy.cancel} onCancel={onClose}>
        {copy.save}
      </DialogFormActions>
    </form>
  );
}
