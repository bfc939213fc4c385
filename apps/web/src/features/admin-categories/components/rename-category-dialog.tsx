import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, categoryInputSchema } from '@shop/shared';
import { useId } from 'react';
import type { z } from 'zod';
import { DialogFormActions } from '@/components/ui/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminCategoriesCopy } from '../copy';

const copy = adminCategoriesCopy.rename;
type CategoryFormInput = z.input<typeof categoryInputSchema>;
type CategoryFormValues = z.output<typeof categoryInputSchema>;

interface RenameCategoryDialogProps {
  category: Category | null;
  onRename: (category: Category, name: string) => Promise<SubmitOutcome>;
  onClose: () => void;
}

/** A new name for a category; its parts stay in it. Closes once the shop has saved it. */
export function RenameCategoryDialog({ category, onRename, onClose }: RenameCategoryDialogProps) {
  const headingId = useId();
  return (
    <Modal open={category !== null} onClose={onClose} labelledBy={headingId}>
      {category && (
        <>
          <h2 id={headingId} className="text-lg font-bold wrap-anywhere">
            {copy.heading(category.name)}
          </h2>
          <RenameForm key={category._id} category={category} onRename={onRename} onClose={onClose} />
        </>
      )}
    </Modal>
  );
}

function RenameForm({ category, onRename, onClose }: { category: Category } & Omit<RenameCategoryDialogProps, 'category'>) {
  const form = useServerForm<CategoryFormInput, CategoryFormValues>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: category.name },
    fields: { name: 'name' },
    onSubmit: async ({ name }) => {
      const outcome = await onRename(category, name);
      if (outcome.saved) onClose();
      return outcome;
    },
  });
  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-4 pt-4">
      <FormField id="rename-category-name" label={copy.name} error={form.formState.errors.name?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...form.register('name')} />}
      </FormField>
      <DialogFormActions formError={form.formError} busy={form.formState.isSubmitting} cancelLabel={copy.cancel} onCancel={onClose}>
        {copy.submit}
      </DialogFormActions>
    </form>
  );
}
