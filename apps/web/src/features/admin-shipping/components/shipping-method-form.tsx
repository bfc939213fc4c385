import { zodResolver } from '@hookform/resolvers/zod';
import { type ShippingMethod, shippingMethodInputSchema } from '@shop/shared';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminShippingCopy } from '../copy';

const copy = adminShippingCopy.fields;

/** The inputs hold text as typed; the shared schema reads it as the shop does. */
type ShippingMethodFormInput = z.input<typeof shippingMethodInputSchema>;
/** What the form sends: the text as typed, once the shared schema accepts it (the shop reads dollars, not the cents it makes). */
export type ShippingMethodFormValues = ShippingMethodFormInput;

const parse = zodResolver(shippingMethodInputSchema);
const checkAsTyped: Resolver<ShippingMethodFormInput, unknown, ShippingMethodFormValues> = async (values, context, options) => {
  const checked = await parse(values, context, options);
  return Object.keys(checked.errors).length > 0 ? { values: {}, errors: checked.errors } : { values, errors: {} };
};

const FIELDS = { name: 'name', price: 'price', freeFrom: 'freeFrom', daysMin: 'daysMin', daysMax: 'daysMax', countries: 'countries', active: 'active' } as const;
const EMPTY: ShippingMethodFormInput = { name: '', price: '', freeFrom: '', daysMin: '', daysMax: '', countries: '*', active: true };

const asInput = (method: ShippingMethod): ShippingMethodFormInput => ({
  name: method.name,
  price: method.price.toFixed(2),
  freeFrom: method.freeFrom === null ? '' : method.freeFrom.toFixed(2),
  daysMin: String(method.daysMin),
  daysMax: String(method.daysMax),
  countries: method.countries.join(', '),
  active: method.active !== false,
});

/** A delivery method's name, price, free-from subtotal, working days, countries and whether it is offered. */
export function ShippingMethodForm({
  id,
  heading,
  submitLabel,
  method,
  onSubmit,
}: {
  id: string;
  heading: string;
  submitLabel: string;
  method?: ShippingMethod;
  onSubmit: (values: ShippingMethodFormValues) => Promise<SubmitOutcome>;
}) {
  const form = useServerForm<ShippingMethodFormInput, ShippingMethodFormValues>({
    resolver: checkAsTyped,
    defaultValues: method ? asInput(method) : EMPTY,
    fields: FIELDS,
    onSubmit,
  });
  const { errors } = form.formState;
  const field = (name: keyof typeof FIELDS) => `${id}-${name}`;
  return (
    <ServerFormView id={id} form={form} heading={heading} level="h2" submitLabel={submitLabel}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={field('name')} label={copy.name} error={errors.name?.message} className="sm:col-span-2">
          {(props) => <input type="text" autoComplete="off" {...props} {...form.register('name')} />}
        </FormField>
        <FormField id={field('price')} label={copy.price} error={errors.price?.message}>
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register('price')} />}
        </FormField>
        <FormField id={field('freeFrom')} label={copy.freeFrom} hint={copy.freeFromHint} error={errors.freeFrom?.message}>
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register('freeFrom')} />}
        </FormField>
        <FormField id={field('daysMin')} label={copy.daysMin} hint={copy.daysHint} error={errors.daysMin?.message}>
          {(props) => <input type="number" inputMode="numeric" min={0} {...props} {...form.register('daysMin')} />}
        </FormField>
        <FormField id={field('daysMax')} label={copy.daysMax} hint={copy.daysHint} error={errors.daysMax?.message}>
          {(props) => <input type="number" inputMode="numeric" min={0} {...props} {...form.register('daysMax')} />}
        </FormField>
        <FormField id={field('countries')} label={copy.countries} hint={copy.countriesHint} error={errors.countries?.message} className="sm:col-span-2">
          {(props) => <input type="text" autoComplete="off" {...props} {...form.register('countries')} />}
        </FormField>
        <label className="flex items-center gap-2 sm:col-span-2" htmlFor={field('active')}>
          <input id={field('active')} type="checkbox" className="checkbox" {...form.register('active')} />
          <span>{copy.active}</span>
        </label>
      </div>
    </ServerFormView>
  );
}
