import { zodResolver } from '@hookform/resolvers/zod';
import { type Vehicle, vehicleInputSchema, vehicleNameKey } from '@shop/shared';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminVehiclesCopy } from '../copy';

const copy = adminVehiclesCopy.fields;
type VehicleFormInput = z.input<typeof vehicleInputSchema>;
export type VehicleFormValues = z.output<typeof vehicleInputSchema>;

const FIELDS = { make: 'make', model: 'model', variant: 'variant', yearFrom: 'yearFrom', yearTo: 'yearTo', cc: 'cc' } as const;
const EMPTY: VehicleFormInput = { make: '', model: '', variant: '', yearFrom: '', yearTo: '', cc: '' };

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/**
 * The makes the shop knows, and the models it knows of the make typed (in any case), spelled as
 * the shop spells them: a new model of a known make joins its make instead of starting a second one.
 */
function knownNames(vehicles: readonly Pick<Vehicle, 'make' | 'model'>[], make: string): { makes: string[]; models: string[] } {
  const key = vehicleNameKey(make);
  const makes = new Set(vehicles.map((vehicle) => vehicle.make));
  const models = new Set(vehicles.filter((vehicle) => key !== '' && vehicleNameKey(vehicle.make) === key).map((vehicle) => vehicle.model));
  return { makes: [...makes].sort(byName), models: [...models].sort(byName) };
}

/** A vehicle's make, model, optional variant, years and engine size: to add one, or to change one. */
export function VehicleForm({
  id,
  heading,
  submitLabel,
  vehicle,
  known = [],
  onSubmit,
}: {
  id: string;
  heading: string;
  submitLabel: string;
  vehicle?: Vehicle;
  /** The shop's vehicles: Make and Model suggest their names. */
  known?: readonly Vehicle[];
  onSubmit: (values: VehicleFormValues) => Promise<SubmitOutcome>;
}) {
  const form = useServerForm<VehicleFormInput, VehicleFormValues>({
    resolver: zodResolver(vehicleInputSchema),
    defaultValues: vehicle ? { make: vehicle.make, model: vehicle.model, variant: vehicle.variant, yearFrom: vehicle.yearFrom, yearTo: vehicle.yearTo, cc: vehicle.cc } : EMPTY,
    fields: FIELDS,
    onSubmit,
    ...(vehicle ? { afterSave: (current: VehicleFormInput) => current } : {}),
  });
  const { errors } = form.formState;
  const field = (name: keyof typeof FIELDS) => `${id}-${name}`;
  const make = useWatch({ control: form.control, name: 'make' });
  const suggested = knownNames(known, typeof make === 'string' ? make : '');
  return (
    <ServerFormView id={id} form={form} heading={heading} level="h2" submitLabel={submitLabel}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField id={field('make')} label={copy.make} error={errors.make?.message}>
          {(props) => <input type="text" autoComplete="off" list={`${field('make')}-known`} {...props} {...form.register('make')} />}
        </FormField>
        <FormField id={field('model')} label={copy.model} error={errors.model?.message}>
          {(props) => <input type="text" autoComplete="off" list={`${field('model')}-known`} {...props} {...form.register('model')} />}
        </FormField>
        <Suggestions id={`${field('make')}-known`} names={suggested.makes} />
        <Suggestions id={`${field('model')}-known`} names={suggested.models} />
        <FormField id={field('variant')} label={copy.variant} hint={copy.variantHint} error={errors.variant?.message}>
          {(props) => <input type="text" autoComplete="off" {...props} {...form.register('variant')} />}
        </FormField>
        <FormField id={field('yearFrom')} label={copy.yearFrom} error={errors.yearFrom?.message}>
          {(props) => <input type="number" inputMode="numeric" {...props} {...form.register('yearFrom')} />}
        </FormField>
        <FormField id={field('yearTo')} label={copy.yearTo} error={errors.yearTo?.message}>
          {(props) => <input type="number" inputMode="numeric" {...props} {...form.register('yearTo')} />}
        </FormField>
        <FormField id={field('cc')} label={copy.cc} error={errors.cc?.message}>
          {(props) => <input type="number" inputMode="numeric" {...props} {...form.register('cc')} />}
        </FormField>
      </div>
    </ServerFormView>
  );
}

/** The names an input suggests as it is typed in (its `list`). */
function Suggestions({ id, names }: { id: string; names: readonly string[] }) {
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
