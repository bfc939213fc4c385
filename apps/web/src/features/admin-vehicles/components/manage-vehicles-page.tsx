import type { Vehicle } from '@shop/shared';
import { useId, useState } from 'react';
import { useAddVehicle, useDeleteVehicle, useEditVehicle } from '@/api/vehicles/change-vehicles';
import { useVehicles } from '@/api/vehicles/get-vehicles';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { FormCard } from '@/components/ui/form-card';
import { Modal } from '@/components/ui/modal';
import { QueryView } from '@/components/ui/query-view';
import { toastedSave } from '@/lib/toasted-save';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { adminVehiclesCopy as copy } from '../copy';
import { ServiceKitDialog } from './service-kit-dialog';
import { VehicleForm } from './vehicle-form';

const nameOf = (vehicle: Vehicle) => `${vehicle.make} ${vehicle.model}${vehicle.variant ? ` ${vehicle.variant}` : ''} (${vehicle.yearFrom}-${vehicle.yearTo})`;

/** /dashbord/manageVehicles: the vehicles the shop knows: add, edit, delete with its fitment; each one's service kit. */
export function ManageVehiclesPage() {
  const vehicles = useVehicles();
  const addVehicle = useAddVehicle();
  const editVehicle = useEditVehicle();
  const deleteVehicle = useDeleteVehicle();
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [kitOf, setKitOf] = useState<Vehicle | null>(null);
  const editHeadingId = useId();
  const deletion = useConfirmedAction({
    action: (vehicle: Vehicle) => deleteVehicle.mutateAsync(vehicle._id),
    key: (vehicle) => vehicle._id,
    done: copy.deleted,
    failed: copy.deleteFailed,
    question: { ...copy.confirm, text: (vehicle) => copy.confirm.text(nameOf(vehicle), vehicle.parts ?? 0) },
  });
  const { columns } = copy;

  return (
    <div className="flex flex-col gap-6">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{copy.heading}</h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <FormCard>
        <VehicleForm
          id="add-vehicle"
          heading={copy.add.heading}
          submitLabel={copy.add.submit}
          known={vehicles.data ?? []}
          onSubmit={(vehicle) =>
            toastedSave({ done: copy.add.added, failed: copy.add.failed }, async () => Boolean((await addVehicle.mutateAsync(vehicle)).insertedId))
          }
        />
      </FormCard>
      <QueryView query={vehicles} copy={copy}>
        {(rows) => (
          <DataTable
            label={copy.tableLabel}
            indexHeader={columns.index}
            rows={rows}
            rowKey={(vehicle) => vehicle._id}
            busyKey={deletion.busyKey}
            rowTestId="vehicle-row"
            fitsFrom="xl"
            oneLine
            columns={[
              { header: columns.make, className: 'font-medium', truncate: { width: '6rem', title: (vehicle) => vehicle.make }, cell: (vehicle) => vehicle.make },
              { header: columns.model, truncate: { width: '8rem', title: (vehicle) => vehicle.model }, cell: (vehicle) => vehicle.model },
              { header: columns.variant, truncate: { width: '6rem', title: (vehicle) => vehicle.variant }, cell: (vehicle) => vehicle.variant },
              { header: columns.years, className: 'tabular-nums whitespace-nowrap', cell: (vehicle) => `${vehicle.yearFrom}–${vehicle.yearTo}` },
              { header: columns.cc, className: 'tabular-nums', cell: (vehicle) => vehicle.cc },
              { header: columns.parts, className: 'tabular-nums', cell: (vehicle) => vehicle.parts ?? 0 },
              {
                header: columns.actions,
                cell: (vehicle) => (
                  <div className="flex flex-wrap gap-2 @4xl:flex-nowrap">
                    <BusyButton className="btn-outline" busy={false} aria-label={copy.edit.openFor(nameOf(vehicle))} onClick={() => setEditing(vehicle)}>
                      {copy.edit.open}
                    </BusyButton>
                    <BusyButton className="btn-outline" busy={false} aria-label={copy.kit.openFor(nameOf(vehicle))} onClick={() => setKitOf(vehicle)}>
                      {copy.kit.open}
                    </BusyButton>
                    <BusyButton className={DANGER_OUTLINE} busy={deletion.busyKey === vehicle._id} aria-label={copy.deleteFor(nameOf(vehicle))} onClick={() => deletion.ask(vehicle)}>
                      {copy.delete}
                    </BusyButton>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      <Modal open={editing !== null} onClose={() => setEditing(null)} labelledBy={`${editHeadingId}-heading`}>
        {editing && (
          <VehicleForm
            key={editing._id}
            id={editHeadingId}
            heading={copy.edit.heading(nameOf(editing))}
            submitLabel={copy.edit.submit}
            vehicle={editing}
            known={vehicles.data ?? []}
            onSubmit={async (vehicle) => {
              const outcome = await toastedSave({ done: copy.edit.saved, failed: copy.edit.failed }, async () => {
                await editVehicle.mutateAsync({ id: editing._id, vehicle });
                return true;
              });
              if (outcome.saved) setEditing(null);
              return outcome;
            }}
          />
        )}
      </Modal>
      <ServiceKitDialog vehicle={kitOf} name={kitOf ? nameOf(kitOf) : ''} onClose={() => setKitOf(null)} />
      <ConfirmDialog {...deletion.dialog} />
    </div>
  );
}
