import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, type CategoryMove, categoryMoveSchema } from '@shop/shared';
import { useId } from 'react';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminCategoriesCopy } from '../copy';

const copy = adminCategoriesCopy.move;

interface MovePartsDialogProps {
  /** The category whose parts move, or null while the dialog is closed. */
  category: Category | null;
  /** Every category, the ones its parts can go to among them. */
  categories: readonly Category[];
  onMove: (category: Category, to: Category) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/** 'Move N parts to …': another category for every part of this one, so it can be deleted. Closes once moved. */
export function MovePartsDialog({ category, categories, onMove, onClose }: MovePartsDialogProps) {
  const headingId = useId();
  const textId = useId();
  return (
    <Modal open={category !== null} onClose={onClose} labelledBy={headingId} describedBy={textId}>
      {category && (
        <>
          <h2 id={headingId} className="text-lg font-bold wrap-anywhere">
            {copy.heading(category.name)}
          </h2>
          <p id={textId} className="pt-2 wrap-anywhere">
            {copy.text(category.name, category.count)}
          </p>
          <MoveForm key={category._id} category={category} categories={categories} onMove={onMove} onClose={onClose} />
        </>
      )}
    </Modal>
  );
}

function MoveForm({ category, categories, onMove, onClose }: { category: Category } & Omit<MovePartsDialogProps, 'category'>) {
  const targets = categories.filter((other) => other._id !== category._id);
  const form = useServerForm<CategoryMove, CategoryMove>({
    resolver: zodResolver(categoryMoveSchema),
    defaultValues: { to: '' },
    fields: { to: 'to' },
    onSubmit: async ({ to }) => {
      const target = targets.find((other) => other._id === to);
      if (!target) return { saved: false };
      const outcome = await onMove(category, target);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <FormField id="move-parts-to" kind="select" label={copy.to} error={form.formState.errors.to?.message}>
        {(props) => (
          <select {...props} {...form.register('to')}>
            <option value="">{copy.choose}</option>
            {targets.map((other) => (
              <option key={other._id} value={other._id}>
                {other.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={copy.cancel} onCancel={onClose}>
        {copy.submit(category.count)}
      </DialogFormActions>
    </form>
  );
}
