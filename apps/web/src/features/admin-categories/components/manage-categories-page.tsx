import type { Category } from '@shop/shared';
import { useState } from 'react';
import { useAddCategory, useDeleteCategory, useMoveCategoryParts, useRenameCategory } from '@/api/categories/change-categories';
import { useCategories } from '@/api/categories/get-categories';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormCard } from '@/components/ui/form-card';
import { QueryView } from '@/components/ui/query-view';
import { refusedOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { toastedSave } from '@/lib/toasted-save';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { adminCategoriesCopy as copy } from '../copy';
import { AddCategoryForm } from './add-category-form';
import { CategoriesTable } from './categories-table';
import { MovePartsDialog } from './move-parts-dialog';
import { RenameCategoryDialog } from './rename-category-dialog';

/** /dashbord/manageCategories: the categories the admin keeps: add, rename, move a category's parts to another, and delete an empty one. */
export function ManageCategoriesPage() {
  const categories = useCategories();
  const addCategory = useAddCategory();
  const renameCategory = useRenameCategory();
  const deleteCategory = useDeleteCategory();
  const moveParts = useMoveCategoryParts();
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [moving, setMoving] = useState<Category | null>(null);
  // Delete is offered for empty categories only; one that got parts meanwhile is refused with the shop's reason, which the toast says.
  const deletion = useConfirmedAction({
    action: (category: Category) => deleteCategory.mutateAsync(category._id),
    key: (category) => category._id,
    done: copy.deleted,
    failed: copy.deleteFailed,
    question: { ...copy.confirm, text: (category) => copy.confirm.text(category.name) },
  });

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <FormCard>
        <AddCategoryForm
          onSubmit={({ name }) =>
            toastedSave({ done: copy.add.added, failed: copy.add.failed }, async () => Boolean((await addCategory.mutateAsync(name)).insertedId))
          }
        />
      </FormCard>
      <QueryView query={categories} copy={copy}>
        {(rows) => (
          <>
            <CategoriesTable categories={rows} onRename={setRenaming} onMove={setMoving} onDelete={deletion.ask} deletingId={deletion.busyKey} />
            <MovePartsDialog
              category={moving}
              categories={rows}
              onClose={() => setMoving(null)}
              onMove={async (category, to) => {
                try {
                  // The shop answers how many moved: parts added to the category meanwhile went too.
                  const { modifiedCount } = await moveParts.mutateAsync({ id: category._id, to: to._id });
                  toast.success(copy.move.moved(modifiedCount, to.name));
                  return { saved: true };
                } catch (error) {
                  toast.error(copy.move.failed);
                  return refusedOutcome(error, copy.move.failed);
                }
              }}
            />
          </>
        )}
      </QueryView>
      <RenameCategoryDialog
        category={renaming}
        onClose={() => setRenaming(null)}
        onRename={(category, name) =>
          toastedSave({ done: copy.rename.renamed, failed: copy.rename.failed }, async () => {
            await renameCategory.mutateAsync({ id: category._id, name });
            return true;
          })
        }
      />
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
