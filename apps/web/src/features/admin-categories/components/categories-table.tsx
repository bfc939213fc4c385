import { type Category, categoryMessages, DEFAULT_CATEGORY } from '@shop/shared';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable } from '@/components/ui/data-table';
import { adminCategoriesCopy as copy } from '../copy';

interface CategoriesTableProps {
  categories: readonly Category[];
  onRename: (category: Category) => void;
  onMove: (category: Category) => void;
  onDelete: (category: Category) => void;
  /** The category being deleted right now, if any. */
  deletingId: string | null;
}

/**
 * Each category with how many parts it holds. One that holds parts cannot be deleted (the shop
 * refuses it): its Delete is off, with the reason beside it, and its parts can be moved first.
 * 'Other', where parts without one go, keeps its name.
 */
export function CategoriesTable({ categories, onRename, onMove, onDelete, deletingId }: CategoriesTableProps) {
  const { columns } = copy;
  // Somewhere to move parts to: any other category.
  const canMove = (category: Category) => category.count > 0 && categories.length > 1;
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
          cell: (category) => {
            const reasonId = `category-${category._id}-kept`;
            const isDefault = category.name === DEFAULT_CATEGORY;
            return (
              <div className="flex flex-col items-start gap-2">
                <div className="flex flex-wrap gap-2">
                  {!isDefault && (
                    <BusyButton className="btn-outline" busy={false} aria-label={copy.rename.openFor(category.name)} onClick={() => onRename(category)}>
                      {copy.rename.open}
                    </BusyButton>
                  )}
                  {canMove(category) && (
                    <BusyButton className="btn-outline" busy={false} aria-label={copy.move.openFor(category.name, category.count)} onClick={() => onMove(category)}>
                      {copy.move.open(category.count)}
                    </BusyButton>
                  )}
                  {!isDefault && (
                    <BusyButton
                      // Off, it looks off: no warning red for a button that does nothing.
                      className={category.count > 0 ? 'btn-outline' : DANGER_OUTLINE}
                      busy={deletingId === category._id}
                      disabled={category.count > 0}
                      aria-label={copy.deleteFor(category.name)}
                      aria-describedby={category.count > 0 ? reasonId : undefined}
                      onClick={() => onDelete(category)}
                    >
                      {copy.delete}
                    </BusyButton>
                  )}
                </div>
                {isDefault ? (
                  <span className="text-sm text-base-content/80">{copy.defaultNote}</span>
                ) : (
                  category.count > 0 && (
                    <p id={reasonId} className="text-sm text-base-content/80">
                      {categoryMessages.holdsParts(category.name, category.count)}
                    </p>
                  )
                )}
              </div>
            );
          },
        },
      ]}
    />
  );
}
