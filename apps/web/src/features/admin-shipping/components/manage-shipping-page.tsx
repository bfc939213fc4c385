import { EVERY_COUNTRY, type ShippingMethod } from '@shop/shared';
import { useId, useState } from 'react';
import { useAddShippingMethod, useChangeShippingMethod, useDeactivateShippingMethod } from '@/api/shipping/change-shipping-methods';
import { useAdminShippingMethods } from '@/api/shipping/get-shipping-methods';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { Modal } from '@/components/ui/modal';
import { QueryView } from '@/components/ui/query-view';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { toastedSave } from '@/lib/toasted-save';
import { formatPrice } from '@/utils/format';
import { adminShippingCopy as copy } from '../copy';
import { ShippingMethodForm } from './shipping-method-form';

let regionNames: Intl.DisplayNames | undefined;
/** A country's name as the browser writes it in English; the code when it knows none. */
const countryName = (code: string) => {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return regionNames.of(code) ?? code;
};
const countriesText = (countries: readonly string[]) => (countries.includes(EVERY_COUNTRY) ? copy.everyCountry : countries.map(countryName).join(', '));

/** The dialog open: a new method, or the one being edited. */
type Editing = { kind: 'add' } | { kind: 'edit'; method: ShippingMethod } | null;

/** /dashbord/shipping: the delivery methods (SPEC-3 section 1): add, edit, deactivate. */
export function ManageShippingPage() {
  const methods = useAdminShippingMethods();
  const addMethod = useAddShippingMethod();
  const changeMethod = useChangeShippingMethod();
  const deactivateMethod = useDeactivateShippingMethod();
  const [editing, setEditing] = useState<Editing>(null);
  const dialogId = useId();
  const deactivation = useConfirmedAction({
    action: (method: ShippingMethod) => deactivateMethod.mutateAsync(method._id),
    key: (method) => method._id,
    done: copy.deactivated,
    failed: copy.deactivateFailed,
    question: { ...copy.confirm, text: (method) => copy.confirm.text(method.name) },
  });
  const { columns } = copy;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold">{copy.heading}</h1>
          <p className="max-w-prose text-base-content/80">{copy.intro}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'add' })}>
          {copy.add.open}
        </button>
      </div>
      <QueryView query={methods} copy={copy}>
        {(rows) =>
          rows.length === 0 ? (
            <p>{copy.empty}</p>
          ) : (
            <DataTable
              label={copy.tableLabel}
              indexHeader={columns.index}
              rows={rows}
              rowKey={(method) => method._id}
              busyKey={deactivation.busyKey}
              rowTestId="shipping-method-row"
              fitsFrom="4xl"
              columns={[
                { header: columns.name, className: 'font-medium wrap-anywhere', cell: (method) => method.name },
                { header: columns.price, className: 'tabular-nums whitespace-nowrap', cell: (method) => (method.price === 0 ? copy.free : formatPrice(method.price)) },
                { header: columns.freeFrom, className: 'tabular-nums whitespace-nowrap', cell: (method) => (method.freeFrom === null ? copy.never : formatPrice(method.freeFrom)) },
                { header: columns.days, className: 'whitespace-nowrap', cell: (method) => copy.days(method.daysMin, method.daysMax) },
                { header: columns.countries, className: 'wrap-anywhere', cell: (method) => countriesText(method.countries) },
                {
                  header: columns.active,
                  cell: (method) =>
                    method.active === false ? <span className="badge badge-outline">{copy.inactive}</span> : <span className="badge badge-primary">{copy.active}</span>,
                },
                {
                  header: columns.actions,
                  cell: (method) => (
                    <div className="flex flex-wrap gap-2 @4xl:flex-nowrap">
                      <BusyButton className="btn-outline" busy={false} aria-label={copy.edit.openFor(method.name)} onClick={() => setEditing({ kind: 'edit', method })}>
                        {copy.edit.open}
                      </BusyButton>
                      {method.active !== false && (
                        <BusyButton
                          className={DANGER_OUTLINE}
                          busy={deactivation.busyKey === method._id}
                          aria-label={copy.deactivateFor(method.name)}
                          onClick={() => deactivation.ask(method)}
                        >
                          {copy.deactivate}
                        </BusyButton>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
      <Modal open={editing !== null} onClose={() => setEditing(null)} labelledBy={`${dialogId}-heading`}>
        {editing?.kind === 'add' && (
          <ShippingMethodForm
            id={dialogId}
            heading={copy.add.heading}
            submitLabel={copy.add.submit}
            onSubmit={async (values) => {
              const outcome = await toastedSave({ done: copy.add.added, failed: copy.add.failed }, async () => Boolean((await addMethod.mutateAsync(values)).insertedId));
              if (outcome.saved) setEditing(null);
              return outcome;
            }}
          />
        )}
        {editing?.kind === 'edit' && (
          <ShippingMethodForm
            key={editing.method._id}
            id={dialogId}
            heading={copy.edit.heading(editing.method.name)}
            submitLabel={copy.edit.submit}
            method={editing.method}
            onSubmit={async (values) => {
              const outcome = await toastedSave({ done: copy.edit.saved, failed: copy.edit.failed }, async () => {
                await changeMethod.mutateAsync({ id: editing.method._id, method: values });
                return true;
              });
              if (outcome.saved) setEditing(null);
              return outcome;
            }}
          />
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(null)}>
            {copy.cancel}
          </button>
        </div>
      </Modal>
      <ConfirmDialog {...deactivation.dialog} />
    </div>
  );
}
