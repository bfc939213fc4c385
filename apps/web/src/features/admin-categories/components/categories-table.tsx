import { type Category, DEFAULT_CATEGORY } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable } from '@/components/ui/data-table';
import { adminCategoriesCopy as copy } from '../copy';

interface CategoriesTableProps {
  categories: readonly Category[];
  onRename: (category: Category) => void;
  onDelete: (category: Category) => void;
  /** The category being deleted right now, if any. */
  deletingId: string | null;
}

/** Each category with how many parts it holds; 'Other', where parts without one go, stays as it is. */
export function CategoriesTable({ categories, onRename, onDelete, deletingId }: CategoriesTableProps) {
  const { columns } = copy;
  return (
    <DataTable
      label={copy.tableLabel}
      indexHeader={columns.index}
      rows={categories}
      rowKey={(category) => category._id}
      busyKey={deletingId}
      rowTestId="category-row"
      fitsFrom="xl"
      columns={[
        { header: columns.name, className: 'font-medium', cell: (category) => category.name },
        { header: columns.count, className: 'tabular-nums', cell: (category) => category.count },
        {
          header: columns.actions,
          cell: (category) =>
            category.name === DEFAULT_CATEGORY ? (
              <span className="text-sm text-base-content/80">{copy.defaultNote}</span>
            ) : (
              <div className="flex flex-wrap gap-2">
                <BusyButton className="btn-outline" busy={false} aria-label={copy.rename.openFor(category.name)} onClick={() => onRename(category)}>
                  {copy.rename.open}
                </BusyButton>
                <BusyButton className={DANGER_OUTLINE} busy={deletingId === category._id} aria-label={copy.deleteFor(category.name)} onClick={() => onDelete(category)}>
                  {copy.delete}
                </BusyButton>
              </div>
            ),
        },
      ]}
    />
  );
}
