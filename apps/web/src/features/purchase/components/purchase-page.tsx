import { useState } from 'react';
import { Link } from 'react-router';
import { useCreateOrder } from '@/api/orders/create-order';
import { useProduct } from '@/api/products/get-product';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { purchaseCopy as copy } from '../copy';
import { orderTotal, type PurchaseFormValues } from '../purchase-form-schema';
import { ProductSummary } from './product-summary';
import { PurchaseForm, type Buyer } from './purchase-form';

interface PlacedOrder {
  id: string;
  quantity: number;
  part: string;
  total: number;
}

/** 400 is a malformed id: to the customer, as much "no such part" as an unknown one. */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** /purchase/{id}: one part and the form that orders it. */
export function PurchasePage({ productId, buyer }: { productId: string; buyer: Buyer }) {
  const product = useProduct(productId);
  const createOrder = useCreateOrder();
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

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
  const order = async ({ quantity, location, phone }: PurchaseFormValues) => {
    setPlaced(null);
    const { insertedId } = await createOrder.mutateAsync({
      productId: part._id,
      quantity,
      location,
      phone,
      toolName: part.name,
      toolPrice: part.price,
      name: buyer.name,
      email: buyer.email,
    });
    toast.success(copy.ordered);
    setPlaced({ id: insertedId, quantity, part: part.name, total: orderTotal(part.price, quantity) });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <title>{copy.documentTitle(part.name)}</title>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <ProductSummary product={part} />
        <div className="flex flex-col gap-6">
          {placed && (
            <div role="status" className="flex flex-col items-start gap-3 rounded-box border border-green-700/40 bg-green-50 p-4 text-green-950 sm:flex-row sm:items-center">
              <p className="flex-1">{copy.placed.text(placed.quantity, placed.part, placed.total)}</p>
              <Link to={paths.dashboard.payment.getHref(placed.id)} className="btn btn-primary btn-sm">
                {copy.placed.pay}
              </Link>
            </div>
          )}
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body p-6 sm:p-8">
              <PurchaseForm product={part} buyer={buyer} onSubmit={order} />
            </div>
          </div>
        </div>
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
