import type { Discount } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { useCategories } from '@/api/categories/get-categories';
import { useAddDiscount, useDeleteDiscount, useEditDiscount } from '@/api/discounts/change-discounts';
import { useDiscounts } from '@/api/discounts/get-discounts';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { QueryView } from '@/components/ui/query-view';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { toastedSave } from '@/lib/toasted-save';
import { formatPrice } from '@/utils/format';
import { adminDiscountsCopy as copy } from '../copy';
import { DiscountForm } from './discount-form';

/** '10 %' or '$5.00'. */
const valueOf = (discount: Discount) => (discount.kind === 'percent' ? copy.percent(discount.value) : formatPrice(discount.value));

/** What the dialog is open for: a new code, or the code being changed. */
type Editing = { mode: 'add' } | { mode: 'edit'; discount: Discount } | null;

/** /dashbord/discounts: the shop's discount codes; add, edit, and delete (or deactivate, once used). */
export function ManageDiscountsPage() {
  const discounts = useDiscounts();
  const categories = useCategories();
  const addDiscount = useAddDiscount();
  const editDiscount = useEditDiscount();
  const deleteDiscount = useDeleteDiscount();
  const [editing, setEditing] = useState<Editing>(null);
  const formId = useId();
  // Which of the two a delete did is the shop's to say: a code may have been used meanwhile.
  const deactivated = useRef(new Set<string>());
  const deletion = useConfirmedAction({
    action: async (discount: Discount) => {
      const answer = await deleteDiscount.mutateAsync(discount._id);
      if (answer.deactivated) deactivated.current.add(discount._id);
      return answer;
    },
    key: (discount) => discount._id,
    done: (discount) => (deactivated.current.delete(discount._id) ? copy.deactivated : copy.deleted),
    failed: copy.deleteFailed,
    changed: (answer) => answer.deletedCount > 0 || answer.deactivated,
    question: { ...copy.confirm, text: (discount) => copy.confirm.text(discount.code, discount.used) },
  });
  const close = () => setEditing(null);
  const { columns } = copy;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold">{copy.heading}</h1>
          <p className="max-w-prose text-base-content/80">{copy.intro}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ mode: 'add' })}>
          {copy.add.open}
        </button>
      </div>
      <QueryView query={discounts} copy={copy}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState text={copy.empty} />
          ) : (
            <DataTable
              label={copy.tableLabel}
              indexHeader={columns.index}
              rows={rows}
              rowKey={(discount) => discount._id}
              busyKey={deletion.busyKey}
              rowTestId="discount-row"
              fitsFrom="xl"
              oneLine
              columns={[
                { header: columns.code, className: 'font-medium font-mono', truncate: { width: '9rem', title: (discount) => discount.code }, cell: (discount) => discount.code },
                { header: columns.value, className: 'tabular-nums whitespace-nowrap', cell: valueOf },
                { header: columns.minimum, className: 'tabular-nums whitespace-nowrap', cell: (discount) => (discount.minSubtotal > 0 ? formatPrice(discount.minSubtotal) : copy.noMinimum) },
                { header: columns.dates, className: 'tabular-nums whitespace-nowrap', hideBelow: '4xl', cell: (discount) => copy.dates(discount.startsOn, discount.endsOn) },
                {
                  header: columns.used,
                  className: 'tabular-nums whitespace-nowrap',
                  cell: (discount) => copy.used(discount.used, discount.usesTotal === null ? copy.unlimited : String(discount.usesTotal)),
                },
                { header: columns.active, cell: (discount) => (discount.active ? copy.activeYes : copy.activeNo) },
                {
                  header: columns.actions,
                  cell: (discount) => (
                    <div className="flex flex-wrap gap-2 @xl:flex-nowrap">
                      <BusyButton className="btn-outline" busy={false} aria-label={copy.edit.openFor(discount.code)} onClick={() => setEditing({ mode: 'edit', discount })}>
                        {copy.edit.open}
                      </BusyButton>
                      <BusyButton className={DANGER_OUTLINE} busy={deletion.busyKey === discount._id} aria-label={copy.deleteFor(discount.code)} onClick={() => deletion.ask(discount)}>
                        {copy.delete}
                      </BusyButton>
                    </div>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
      <Modal open={editing !== null} onClose={close} labelledBy={`${formId}-heading`}>
        {editing?.mode === 'add' && (
          <DiscountForm
            id={formId}
            heading={copy.add.heading}
            submitLabel={copy.add.submit}
            categories={categories.data ?? []}
            onSubmit={async (values) => {
              const outcome = await toastedSave({ done: copy.add.added, failed: copy.add.failed }, async () => Boolean((await addDiscount.mutateAsync(values)).insertedId));
              if (outcome.saved) close();
              return outcome;
            }}
          />
        )}
        {editing?.mode === 'edit' && (
          <DiscountForm
            key={editing.discount._id}
            id={formId}
            heading={copy.edit.heading(editing.discount.code)}
            submitLabel={copy.edit.submit}
            discount={editing.discount}
            categories={categories.data ?? []}
            onSubmit={async (values) => {
              const outcome = await toastedSave({ done: copy.edit.saved, failed: copy.edit.failed }, async () => {
                await editDiscount.mutateAsync({ id: editing.discount._id, discount: values });
                return true;
              });
              if (outcome.saved) close();
              return outcome;
            }}
          />
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {copy.close}
          </button>
        </div>
      </Modal>
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
