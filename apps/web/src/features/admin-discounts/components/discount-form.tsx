import { zodResolver } from '@hookform/resolvers/zod';
import { type Category, type Discount, type DiscountKind, discountInputSchema, type DiscountValues } from '@shop/shared';
import { type Resolver, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { adminDiscountsCopy } from '../copy';

const copy = adminDiscountsCopy.fields;

/** What the form's boxes hold: text as typed (an empty box is 'none'), the checkboxes' states. */
interface DiscountFormInput {
  code: string;
  kind: DiscountKind;
  value: string;
  minSubtotal: string;
  startsOn: string;
  endsOn: string;
  usesTotal: string;
  oncePerCustomer: boolean;
  categoryId: string;
  appliesToDelivery: boolean;
  active: boolean;
}

const FIELDS = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  minSubtotal: 'minSubtotal',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  usesTotal: 'usesTotal',
  oncePerCustomer: 'oncePerCustomer',
  categoryId: 'categoryId',
  appliesToDelivery: 'appliesToDelivery',
  active: 'active',
} as const;

const EMPTY: DiscountFormInput = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsOn: '',
  endsOn: '',
  usesTotal: '',
  oncePerCustomer: false,
  categoryId: '',
  appliesToDelivery: false,
  active: true,
};

const inputOf = (discount: Discount): DiscountFormInput => ({
  code: discount.code,
  kind: discount.kind,
  value: String(discount.value),
  minSubtotal: discount.minSubtotal === 0 ? '' : discount.minSubtotal.toFixed(2),
  startsOn: discount.startsOn ?? '',
  endsOn: discount.endsOn ?? '',
  usesTotal: discount.usesTotal === null ? '' : String(discount.usesTotal),
  oncePerCustomer: discount.oncePerCustomer,
  categoryId: discount.categoryId ?? '',
  appliesToDelivery: discount.appliesToDelivery,
  active: discount.active,
});

// The shared schema reads text boxes and numbers alike; the form only ever holds text.
const resolver = zodResolver(discountInputSchema) as unknown as Resolver<DiscountFormInput, unknown, DiscountValues>;

/** Every field of a discount code: to add one, or to change one (SPEC-3 section 2). */
export function DiscountForm({
  id,
  heading,
  submitLabel,
  discount,
  categories,
  onSubmit,
}: {
  id: string;
  heading: string;
  submitLabel: string;
  discount?: Discount;
  categories: readonly Category[];
  onSubmit: (values: DiscountValues) => Promise<SubmitOutcome>;
}) {
  const form = useServerForm<DiscountFormInput, DiscountValues>({
    resolver,
    defaultValues: discount ? inputOf(discount) : EMPTY,
    fields: FIELDS,
    onSubmit,
    ...(discount ? { afterSave: (current: DiscountFormInput) => current } : {}),
  });
  const { errors } = form.formState;
  const field = (name: keyof typeof FIELDS) => `${id}-${name}`;
  const kind = useWatch({ control: form.control, name: 'kind' });
  // A category deleted since the code was made: shown as such, so the admin picks another.
  const goneCategory = discount?.categoryId && categories.length > 0 && !categories.some((category) => category._id === discount.categoryId) ? discount.categoryId : null;
  return (
    <ServerFormView id={id} form={form} heading={heading} level="h2" submitLabel={submitLabel}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={field('code')} label={copy.code} hint={copy.codeHint} error={errors.code?.message}>
          {(props) => <input type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...props} {...form.register('code')} />}
        </FormField>
        <FormField id={field('kind')} kind="select" label={copy.kind} error={errors.kind?.message}>
          {(props) => (
            <select {...props} {...form.register('kind')}>
              <option value="percent">{copy.kinds.percent}</option>
              <option value="amount">{copy.kinds.amount}</option>
            </select>
          )}
        </FormField>
        <FormField id={field('value')} label={kind === 'amount' ? copy.valueAmount : copy.valuePercent} error={errors.value?.message}>
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register('value')} />}
        </FormField>
        <FormField id={field('minSubtotal')} label={copy.minSubtotal} error={errors.minSubtotal?.message}>
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register('minSubtotal')} />}
        </FormField>
        <FormField id={field('startsOn')} label={copy.startsOn} hint={copy.datesHint} error={errors.startsOn?.message}>
          {(props) => <input type="date" {...props} {...form.register('startsOn')} />}
        </FormField>
        <FormField id={field('endsOn')} label={copy.endsOn} hint={copy.datesHint} error={errors.endsOn?.message}>
          {(props) => <input type="date" {...props} {...form.register('endsOn')} />}
        </FormField>
        <FormField id={field('usesTotal')} label={copy.usesTotal} hint={copy.usesTotalHint} error={errors.usesTotal?.message}>
          {(props) => <input type="number" inputMode="numeric" min={1} {...props} {...form.register('usesTotal')} />}
        </FormField>
        <FormField id={field('categoryId')} kind="select" label={copy.category} error={errors.categoryId?.message}>
          {(props) => (
            <select {...props} {...form.register('categoryId')}>
              <option value="">{copy.anyCategory}</option>
              {goneCategory && <option value={goneCategory}>{copy.deletedCategory}</option>}
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-3">
        <Checkbox id={field('oncePerCustomer')} label={copy.oncePerCustomer} register={form.register('oncePerCustomer')} />
        <Checkbox id={field('appliesToDelivery')} label={copy.appliesToDelivery} register={form.register('appliesToDelivery')} />
        <Checkbox id={field('active')} label={copy.active} register={form.register('active')} />
      </div>
    </ServerFormView>
  );
}

/** A checkbox with its label beside it. */
function Checkbox({ id, label, register }: { id: string; label: string; register: UseFormRegisterReturn }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
      <input id={id} type="checkbox" className="checkbox" {...register} />
      <span className="font-medium">{label}</span>
    </label>
  );
}
