import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema } from '@shop/shared';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminCategoriesCopy } from '../copy';

const copy = adminCategoriesCopy.add;
type CategoryFormInput = z.input<typeof categoryInputSchema>;
type CategoryFormValues = z.output<typeof categoryInputSchema>;

/** A name and 'Add Category'; a taken name is refused under the field. */
export function AddCategoryForm({ onSubmit }: { onSubmit: (values: CategoryFormValues) => Promise<SubmitOutcome> }) {
  const form = useServerForm<CategoryFormInput, CategoryFormValues>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: { name: '' },
    fields: { name: 'name' },
    onSubmit,
  });
  return (
    <ServerFormView id="add-category" form={form} heading={copy.heading} level="h2" submitLabel={copy.submit}>
      <FormField id="category-name" label={copy.name} error={form.formState.errors.name?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...form.register('name')} />}
      </FormField>
    </ServerFormView>
  );
}
