import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { adminProductsCopy } from '../copy';
import type { QuantityPriceRowInput } from '../product-form-schemas';

const copy = adminProductsCopy.quantityPrices;

/** The part of a product form the Quantity prices section fills in. */
export interface QuantityPricesFormValues {
  quantityPrices: QuantityPriceRowInput[];
}

const EMPTY_ROW: QuantityPriceRowInput = { from: '', price: '' };

/**
 * 'Quantity prices' of Add and Update Product (SPEC-3 section 6): rows of 'From quantity' and
 * 'Unit price', each message under its row's own field.
 */
export function QuantityPricesFields({ form, idPrefix }: { form: UseFormReturn<QuantityPricesFormValues, unknown, unknown>; idPrefix: string }) {
  const rows = useFieldArray({ control: form.control, name: 'quantityPrices' });
  const listError = form.formState.errors.quantityPrices;
  const listMessage = listError?.message ?? listError?.root?.message;
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-lg font-semibold">{copy.heading}</legend>
      <p className="text-sm text-base-content/80">{copy.intro}</p>
      {rows.fields.length === 0 && <p className="text-sm text-base-content/80">{copy.none}</p>}
      <ol aria-label={copy.rowsLabel} className="flex flex-col gap-3">
        {rows.fields.map((row, index) => {
          const errors = form.formState.errors.quantityPrices?.[index];
          const rowId = `${idPrefix}-quantity-price-${index}`;
          return (
            <li key={row.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-x-2 gap-y-1 sm:gap-3 rounded-box bg-base-200/50 p-3">
              <FormField id={`${rowId}-from`} label={copy.from} error={errors?.from?.message}>
                {(props) => <input type="number" inputMode="numeric" min={2} step={1} {...props} {...form.register(`quantityPrices.${index}.from`)} />}
              </FormField>
              <FormField id={`${rowId}-price`} label={copy.price} hint={copy.priceHint} error={errors?.price?.message}>
                {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...form.register(`quantityPrices.${index}.price`)} />}
              </FormField>
              <button type="button" className="btn btn-ghost btn-sm mt-8 text-red-700" aria-label={copy.removeRow(index + 1)} onClick={() => rows.remove(index)}>
                {copy.remove}
              </button>
            </li>
          );
        })}
      </ol>
      {listMessage && <FieldMessage>{listMessage}</FieldMessage>}
      <button type="button" className="btn btn-outline self-start" onClick={() => rows.append({ ...EMPTY_ROW })}>
        {copy.addRow}
      </button>
    </fieldset>
  );
}
