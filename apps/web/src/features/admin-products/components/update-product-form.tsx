import { zodResolver } from '@hookform/resolvers/zod';
import { type Fitment, responsiveSrcSet, type Product } from '@shop/shared';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { FormImageField, type PhotoFormProps } from '@/components/image-upload-field';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import { useServerForm } from '@/hooks/use-server-form';
import { adminProductsCopy } from '../copy';
import {
  ROW_LISTS,
  UPDATE_PRODUCT_FIELDS,
  belowMinimumAdvice,
  priceCommaAdvice,
  updateProductFormSchema,
  type UpdateProductFormInput,
  type UpdateProductFormValues,
} from '../product-form-schemas';
import { CatalogueDetailsFields } from './catalogue-details-fields';
import { FitmentFields, type FitmentFormValues, useFitmentYearChecks } from './fitment-fields';
import { MorePhotosField } from './more-photos-field';
import { QuantityPricesFields, type QuantityPricesFormValues } from './quantity-prices-fields';

const copy = adminProductsCopy.update;

/** The product as the form shows it: prices with cents, numbers as the inputs hold them. */
const toFormInput = (product: Product, fitment: Fitment): UpdateProductFormInput => ({
  decreption: product.decreption,
  price: product.price.toFixed(2),
  quantity: String(product.quantity),
  minimum: String(product.minimum),
  category: product.category,
  brand: product.brand,
  partNumber: product.partNumber,
  oemNumbers: product.oemNumbers.join(', '),
  image: undefined,
  morePhotos: product.images?.slice(1) ?? [],
  quantityPrices: (product.quantityPrices ?? []).map((tier) => ({ from: String(tier.from), price: tier.price.toFixed(2) })),
  fitment: {
    universal: fitment.universal,
    vehicles: fitment.vehicles.map((fit) => ({ make: fit.make, model: fit.model, yearFrom: String(fit.yearFrom), yearTo: String(fit.yearTo), note: fit.note })),
  },
});

export interface UpdateProductFormProps extends PhotoFormProps<UpdateProductFormValues> {
  product: Product;
  /** The part's fitment now, which the Fitment section starts from. */
  fitment: Fitment;
  /** The names of the shop's categories, for the Category select. */
  categories: readonly string[];
}

/** SPEC's Update Product form: the name read-only, the rest prefilled, each message under its own field. */
export function UpdateProductForm({ product, fitment, onSubmit, upload, categories }: UpdateProductFormProps) {
  const form = useServerForm<UpdateProductFormInput, UpdateProductFormValues>({
    resolver: useFitmentYearChecks(zodResolver(updateProductFormSchema)),
    defaultValues: toFormInput(product, fitment),
    fields: UPDATE_PRODUCT_FIELDS,
    lists: ROW_LISTS,
    onSubmit,
    // The saved values stay as typed; the new photo is now the current one.
    afterSave: (current) => ({ ...current, image: undefined }),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const [price, quantity, minimum] = useWatch({ control: form.control, name: ['price', 'quantity', 'minimum'] });

  return (
    <ServerFormView id="update-product" form={form} heading={copy.heading} submitLabel={copy.submit}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end">
        <figure className="flex shrink-0 flex-col gap-1.5">
          <img
            src={product.img}
            srcSet={responsiveSrcSet(product.img)}
            sizes="96px"
            alt={copy.currentPhotoAlt(product.name)}
            width={96}
            height={96}
            className="size-24 rounded-box border border-base-300 object-cover"
          />
          <figcaption className="text-sm text-base-content/80">{copy.currentPhoto}</figcaption>
        </figure>
        <FormField id="update-product-name" label={copy.name} hint={copy.nameHint} error={undefined} className="grow">
          {(props) => <input type="text" readOnly value={product.name} {...props} className={`${props.className} bg-base-200`} />}
        </FormField>
      </div>
      <CatalogueDetailsFields form={form} idPrefix="update-product" categories={categories} />
      <FormField id="update-product-description" kind="textarea" label={copy.description} error={errors.decreption?.message}>
        {(props) => <textarea rows={4} {...props} {...register('decreption')} />}
      </FormField>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
        <FormField id="update-product-price" label={copy.price} hint={copy.priceHint} error={errors.price?.message} warning={priceCommaAdvice(price)}>
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...register('price')} />}
        </FormField>
        <FormField
          id="update-product-quantity"
          label={copy.quantity}
          hint={copy.quantityHint}
          error={errors.quantity?.message}
          warning={belowMinimumAdvice(quantity, minimum)}
        >
          {(props) => <input type="number" inputMode="numeric" min={0} step={1} {...props} {...register('quantity')} />}
        </FormField>
        <FormField id="update-product-minimum" label={copy.minimum} error={errors.minimum?.message}>
          {(props) => <input type="number" inputMode="numeric" min={1} step={1} {...props} {...register('minimum')} />}
        </FormField>
      </div>
      <QuantityPricesFields form={form as unknown as UseFormReturn<QuantityPricesFormValues, unknown, unknown>} idPrefix="update-product" />
      <FitmentFields form={form as unknown as UseFormReturn<FitmentFormValues, unknown, unknown>} idPrefix="update-product" />
      <FormImageField form={form} name="image" id="update-product-image" label={copy.newPhoto} hint={copy.newPhotoHint} upload={upload} />
      <Controller
        control={form.control}
        name="morePhotos"
        render={({ field, fieldState }) => (
          <MorePhotosField id="update-product-more-photos" photos={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </ServerFormView>
  );
}
