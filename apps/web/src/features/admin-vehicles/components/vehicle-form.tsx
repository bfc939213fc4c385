import { zodResolver } from '@hookform/resolvers/zod';
import { type Vehicle, vehicleInputSchema } from '@shop/shared';
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

/** A vehicle's make, model, optional variant, years and engine size: to add one, or to change one. */
export function VehicleForm({
  id,
  heading,
  submitLabel,
  vehicle,
  onSubmit,
}: {
  id: string;
  heading: string;
  submitLabel: string;
  vehicle?: Vehicle;
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
  return (
    <ServerFormView id={id} form={form} heading={heading} level="h2" submitLabel={submitLabel}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <FormField id={field('make')} label={copy.make} error={errors.make?.message}>
          {(props) => <input type="text" autoComplete="off" {...props} {...form.register('make')} />}
        </FormField>
        <FormField id={field('model')} label={copy.model} error={errors.model?.message}>
          {(props) => <input type="text" autoComplete="off" {...props} {...form.register('model')} />}
        </FormField>
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
