import { zodResolver } from '@hookform/resolvers/zod';
import { type ServiceKit, serviceKitInputSchema, type ServiceKitWrite, type Vehicle } from '@shop/shared';
import { useId } from 'react';
import { type Path, type Resolver, useController, useFieldArray, useWatch } from 'react-hook-form';
import { useDeleteServiceKit, useSaveServiceKit } from '@/api/vehicles/change-service-kit';
import { useServiceKit } from '@/api/vehicles/get-service-kit';
import { PartPicker, type PickerBike } from '@/components/part-picker';
import { DANGER_OUTLINE } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { QueryView } from '@/components/ui/query-view';
import { SubmitButton } from '@/components/ui/submit-button';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { type ServerForm, useServerForm } from '@/hooks/use-server-form';
import { useConfirmedAction } from '@/hooks/use-confirmed-action';
import { adminVehiclesCopy } from '../copy';

const copy = adminVehiclesCopy.kit;

interface KitLineInput {
  /** '' until a part is picked. */
  productId: string;
  /** The part's name, shown in the picker; not sent. */
  name: string;
  quantity: string | number;
  note: string;
}
interface KitFormInput {
  intervalKm: string | number;
  intervalMonths: string | number;
  lines: KitLineInput[];
}
type KitForm = ServerForm<KitFormInput, ServiceKitWrite>;

const EMPTY_LINE: KitLineInput = { productId: '', name: '', quantity: '1', note: '' };

/** The API's fields: `lines` alone is the whole list's (at most 50 lines); a line's are named by row (`lines.2.productId`). */
const FIELDS = { intervalKm: 'intervalKm', intervalMonths: 'intervalMonths', lines: 'lines.root' as Path<KitFormInput> } as const;
const LISTS = ['lines'] as const;

const parse = zodResolver(serviceKitInputSchema) as unknown as Resolver<KitFormInput, unknown, ServiceKitWrite>;

/** The shared schema's checks; a line with no part picked yet says so rather than that its id is not valid. */
const checkKit: Resolver<KitFormInput, unknown, ServiceKitWrite> = async (values, context, options) => {
  const checked = await parse(values, context, options);
  const unpicked = values.lines.flatMap((line, index) => (line.productId === '' ? [index] : []));
  if (unpicked.length === 0) return checked;
  const errors = checked.errors as Record<string, unknown> & { lines?: Record<string, unknown> };
  // The lines' messages so far (an array, or an object keyed by line, with the list's own under `root`).
  const lines: Record<string, unknown> = Object.assign([], errors.lines);
  for (const index of unpicked) lines[index] = { ...(lines[index] as object | undefined), productId: { type: 'required', message: copy.choosePart } };
  return { values: {}, errors: { ...errors, lines } } as unknown as Awaited<ReturnType<typeof checkKit>>;
};

const asInput = (kit: ServiceKit | null): KitFormInput =>
  kit
    ? {
        intervalKm: String(kit.intervalKm),
        intervalMonths: String(kit.intervalMonths),
        lines: kit.lines.flatMap((line) => (line.productId === null ? [] : [{ productId: line.productId, name: line.name, quantity: String(line.quantity), note: line.note }])),
      }
    : { intervalKm: '', intervalMonths: '', lines: [] };

/**
 * The kit's parts come from the catalogue's bike filter: the parts that fit the vehicle in its
 * first or its last year, or every bike (the shop refuses any other, naming it under its line).
 */
const bikesOf = (vehicle: Vehicle): PickerBike[] =>
  vehicle.yearFrom === vehicle.yearTo
    ? [{ vehicle: vehicle._id, year: vehicle.yearTo }]
    : [
        { vehicle: vehicle._id, year: vehicle.yearTo },
        { vehicle: vehicle._id, year: vehicle.yearFrom },
      ];

/**
 * Manage Vehicles' 'Service kit' of one vehicle (SPEC-3 section 5): 'Interval (km)', 'Interval
 * (months)' and the kit's parts with 'Quantity' and 'Note'; 'Save kit' sets the whole kit, 'Delete
 * kit' (asked first) removes it. A part deleted from the shop shows as gone and leaves on saving.
 */
export function ServiceKitDialog({ vehicle, name, onClose }: { vehicle: Vehicle | null; name: string; onClose: () => void }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const deleteKit = useDeleteServiceKit();
  const deletion = useConfirmedAction({
    action: async (target: Vehicle) => {
      await deleteKit.mutateAsync(target._id);
      onClose();
    },
    key: (target) => target._id,
    done: copy.deleted,
    failed: copy.deleteFailed,
    question: { ...copy.confirm, text: () => copy.confirm.text(name) },
  });
  return (
    <>
      <Modal open={vehicle !== null} onClose={onClose} labelledBy={headingId}>
        {vehicle && (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <h2 id={headingId} className="text-xl font-bold wrap-anywhere">
                {copy.heading(name)}
              </h2>
              <p className="text-sm text-base-content/80">{copy.intro}</p>
            </div>
            <KitLoader
              key={vehicle._id}
              vehicle={vehicle}
              formId={id}
              headingId={headingId}
              deleting={deletion.busyKey === vehicle._id}
              onDelete={() => deletion.ask(vehicle)}
              onClose={onClose}
            />
          </div>
        )}
      </Modal>
      {/* Beside the kit's dialog, not in it: closing the question must not close the kit. */}
      <ConfirmDialog {...deletion.dialog} />
    </>
  );
}

function KitLoader({
  vehicle,
  formId,
  headingId,
  deleting,
  onDelete,
  onClose,
}: {
  vehicle: Vehicle;
  formId: string;
  headingId: string;
  deleting: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  const kit = useServiceKit(vehicle._id);
  const saveKit = useSaveServiceKit();
  return (
    <QueryView query={kit} copy={copy}>
      {(answer) => (
        <KitForm
          id={formId}
          headingId={headingId}
          kit={answer}
          bikes={bikesOf(vehicle)}
          deleting={deleting}
          onDelete={onDelete}
          onCancel={onClose}
          onSubmit={async (values) => {
            const outcome = await toastedSave({ done: copy.saved, failed: copy.saveFailed }, async () => {
              await saveKit.mutateAsync({ vehicleId: vehicle._id, kit: values });
              return true;
            });
            if (outcome.saved) onClose();
            return outcome;
          }}
        />
      )}
    </QueryView>
  );
}

function KitForm({
  id,
  headingId,
  kit,
  bikes,
  deleting,
  onDelete,
  onCancel,
  onSubmit,
}: {
  id: string;
  headingId: string;
  kit: ServiceKit | null;
  bikes: readonly PickerBike[];
  deleting: boolean;
  onDelete: () => void;
  onCancel: () => void;
  onSubmit: (values: ServiceKitWrite) => Promise<SubmitOutcome>;
}) {
  const form = useServerForm<KitFormInput, ServiceKitWrite>({
    resolver: checkKit,
    defaultValues: asInput(kit),
    fields: FIELDS,
    lists: LISTS,
    onSubmit,
    afterSave: (current) => current,
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { errors } = form.formState;
  const gone = kit?.lines.filter((line) => line.productId === null) ?? [];
  const listError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <form id={id} noValidate onSubmit={form.submit} aria-labelledby={headingId} className="flex flex-col gap-4">
      {!kit && <p className="text-sm">{copy.none}</p>}
      <div className="grid grid-cols-2 gap-3">
        <FormField id={`${id}-interval-km`} label={copy.fields.intervalKm} error={errors.intervalKm?.message}>
          {(props) => <input type="number" inputMode="numeric" min={0} {...props} {...form.register('intervalKm')} />}
        </FormField>
        <FormField id={`${id}-interval-months`} label={copy.fields.intervalMonths} error={errors.intervalMonths?.message}>
          {(props) => <input type="number" inputMode="numeric" min={0} {...props} {...form.register('intervalMonths')} />}
        </FormField>
      </div>
      {gone.length > 0 && (
        <section aria-labelledby={`${id}-gone`} className="flex flex-col gap-1 rounded-box border border-amber-700/40 bg-amber-50 p-3 text-sm">
          <h3 id={`${id}-gone`} className="font-semibold">
            {copy.gone.heading}
          </h3>
          <p>{copy.gone.text}</p>
          <ul className="list-disc ps-5">
            {gone.map((line, index) => (
              <li key={index} className="wrap-anywhere line-through">
                {copy.gone.line(line.name, line.quantity)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{copy.linesLabel}</legend>
        <p className="text-sm text-base-content/80">{copy.partsHint}</p>
        {lines.fields.length === 0 && <p className="text-sm text-base-content/80">{copy.noLines}</p>}
        <ol aria-label={copy.linesLabel} className="flex flex-col gap-3">
          {lines.fields.map((line, index) => (
            <KitLine key={line.id} form={form} index={index} idPrefix={`${id}-line-${index}`} bikes={bikes} onRemove={() => lines.remove(index)} />
          ))}
        </ol>
        {listError && <FieldMessage alert>{listError}</FieldMessage>}
        <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => lines.append({ ...EMPTY_LINE })}>
          {copy.addLine}
        </button>
      </fieldset>
      {form.formError && <FieldMessage alert>{form.formError}</FieldMessage>}
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton busy={form.formState.isSubmitting} className="">
          {copy.save}
        </SubmitButton>
        <button type="button" className="btn" onClick={onCancel}>
          {copy.cancel}
        </button>
        {kit && (
          <button type="button" className={`btn ms-auto ${DANGER_OUTLINE}`} disabled={deleting} aria-busy={deleting} onClick={onDelete}>
            {deleting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {copy.delete}
          </button>
        )}
      </div>
    </form>
  );
}

function KitLine({ form, index, idPrefix, bikes, onRemove }: { form: KitForm; index: number; idPrefix: string; bikes: readonly PickerBike[]; onRemove: () => void }) {
  const part = useController({ control: form.control, name: `lines.${index}.productId` });
  const name = useWatch({ control: form.control, name: `lines.${index}.name` });
  const errors = form.formState.errors.lines?.[index];
  return (
    <li className="relative grid grid-cols-[minmax(0,6rem)_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-box bg-base-200/50 p-3">
      <FormField id={`${idPrefix}-part`} label={copy.fields.part} error={errors?.productId?.message} className="col-span-2">
        {(props) => (
          <PartPicker
            control={props}
            inputRef={part.field.ref}
            value={part.field.value ? { productId: part.field.value, name } : null}
            bikes={bikes}
            onPick={(picked) => {
              form.setValue(`lines.${index}.name`, picked.name);
              part.field.onChange(picked.productId);
            }}
            onBlur={part.field.onBlur}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-quantity`} label={copy.fields.quantity} error={errors?.quantity?.message}>
        {(props) => <input type="number" inputMode="numeric" min={1} {...props} {...form.register(`lines.${index}.quantity`)} />}
      </FormField>
      <FormField id={`${idPrefix}-note`} label={copy.fields.note} hint={copy.fields.noteHint} error={errors?.note?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...form.register(`lines.${index}.note`)} />}
      </FormField>
      {/* Beside the short 'Part' label, so that Quantity and Note keep the line's width. */}
      <button type="button" className="btn btn-ghost btn-sm absolute end-2 top-2 text-red-700" aria-label={copy.removeLine(index + 1)} onClick={onRemove}>
        {copy.remove}
      </button>
    </li>
  );
}
