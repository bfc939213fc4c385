import { deliveryToAddress } from '@shop/shared';
import { Link, useNavigate } from 'react-router';
import { useSaveAddress } from '@/api/addresses/change-addresses';
import { useCreateOrder } from '@/api/orders/create-order';
import { useProduct } from '@/api/products/get-product';
import { useSettings } from '@/api/settings/get-settings';
import { ErrorPanel } from '@/components/ui/error-panel';
import { FormCard } from '@/components/ui/form-card';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { deliveryAddressOf, placementOptions } from '@/lib/delivery-form';
import { changedTotalState } from '@/lib/placement';
import { toast } from '@/lib/toast';
import { purchaseCopy as copy } from '../copy';
import type { PurchaseFormValues } from '../purchase-form-schema';
import { ProductSummary } from './product-summary';
import { PurchaseForm, type Buyer, type PurchaseChoice } from './purchase-form';

/** 400 is a malformed id: to the customer, as much "no such part" as an unknown one. */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** /purchase/{id}: one part and the form that orders it. */
export function PurchasePage({ productId, buyer, initialQuantity }: { productId: string; buyer: Buyer; initialQuantity?: number | undefined }) {
  const product = useProduct(productId);
  const createOrder = useCreateOrder();
  const saveAddress = useSaveAddress();
  const settings = useSettings();
  const navigate = useNavigate();

  if (product.isPending) {
    return (
      <>
        <title>{copy.loadingTitle}</title>
        <PageLoader label={copy.loading} />
      </>
    );
  }

  if (product.isError) {
    if (isMissing(product.error)) return <ProductNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <title>{copy.loadingTitle}</title>
        <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void product.refetch()} isRetrying={product.isRefetching} />
      </div>
    );
  }

  const part = product.data;
  const order = async (values: PurchaseFormValues, { expectedTotal, ...chosen }: PurchaseChoice) => {
    const { quantity, location, phone } = values;
    const placed = await createOrder.mutateAsync({
      productId: part._id,
      quantity,
      location,
      phone,
      toolName: part.name,
      toolPrice: part.price,
      name: buyer.name,
      email: buyer.email,
      ...placementOptions(values, chosen),
      ...(expectedTotal === undefined ? {} : { expectedTotal }),
    });
    toast.success(copy.ordered);
    // The order stands whether or not the address book takes the address (e.g. it is full).
    if (values.saveAddress) {
      await saveAddress.mutateAsync(deliveryToAddress(deliveryAddressOf(values), buyer.name)).catch((error: unknown) => {
        toast.error(isApiError(error) ? error.message : copy.addressNotSaved);
      });
    }
    // Straight on to paying for it. The filled form is replaced in the history, so Back and a
    // reload never offer to place the same order twice.
    await navigate(paths.dashboard.payment.getHref(placed.insertedId), { replace: true, state: changedTotalState(placed) });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <title>{copy.documentTitle(part.name)}</title>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <ProductSummary product={part} />
        <FormCard>
          <PurchaseForm product={part} buyer={buyer} shopCountry={settings.data?.country} onSubmit={order} initialQuantity={initialQuantity} />
        </FormCard>
      </div>
    </div>
  );
}

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <title>{copy.notFound.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.notFound.heading}</h1>
      <p>{copy.notFound.text}</p>
      <Link to={paths.allProducts.getHref()} className="btn btn-primary">
        {copy.notFound.link}
      </Link>
    </div>
  );
}
