import { DEFAULT_CATEGORY } from '@shop/shared';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useCategories } from '@/api/categories/get-categories';
import { FormField } from '@/components/ui/form-field';
import { adminProductsCopy } from '../copy';

const fields = adminProductsCopy.fields;

/** The form fields SPEC-2 adds to a product: one of the shop's categories, the brand and the numbers. */
interface CatalogueDetailsValues extends FieldValues {
  category?: string | undefined;
  brand?: string | undefined;
  partNumber?: string | undefined;
  oemNumbers?: string | string[] | undefined;
}

/** Category (a select of the shop's categories), Brand, Part number and OEM numbers, for Add and Update Product. */
export function CatalogueDetailsFields<Values extends CatalogueDetailsValues>({
  form,
  idPrefix,
  categories,
  placeholder,
}: {
  form: Pick<UseFormReturn<Values, unknown, unknown>, 'register' | 'formState'>;
  idPrefix: string;
  /** The names of the shop's categories. */
  categories: readonly string[];
  /** The select's first line while no category is chosen (Add Product asks for one). */
  placeholder?: string;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const message = (name: keyof CatalogueDetailsValues) => errors[name]?.message as string | undefined;
  const field = (name: keyof CatalogueDetailsValues) => register(name as Path<Values>);

  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <FormField id={`${idPrefix}-category`} kind="select" label={fields.category} error={message('category')}>
        {(props) => (
          <select {...props} {...field('category')}>
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-brand`} label={fields.brand} error={message('brand')}>
        {(props) => <input type="text" autoComplete="off" {...props} {...field('brand')} />}
      </FormField>
      <FormField id={`${idPrefix}-part-number`} label={fields.partNumber} hint={fields.partNumberHint} error={message('partNumber')}>
        {(props) => <input type="text" autoComplete="off" spellCheck={false} {...props} {...field('partNumber')} />}
      </FormField>
      <FormField id={`${idPrefix}-oem-numbers`} label={fields.oemNumbers} hint={fields.oemNumbersHint} error={message('oemNumbers')}>
        {(props) => <input type="text" autoComplete="off" spellCheck={false} {...props} {...field('oemNumbers')} />}
      </FormField>
    </div>
  );
}

/**
 * The names the Category select offers: the shop's categories, with 'Other' and the product's
 * own category there even before the list has loaded.
 */
export function useCategoryNames(current?: string): string[] {
  const categories = useCategories();
  const names = new Set([DEFAULT_CATEGORY, ...(current ? [current] : []), ...(categories.data?.map((category) => category.name) ?? [])]);
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}
