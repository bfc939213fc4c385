import { type Product, responsiveSrcSet } from '@shop/shared';
import { whyNotOrderable } from '@/utils/stock-reason';
import { purchaseCopy as copy } from '../copy';

const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 600;

/** The part being bought: image, name, description, price, stock and minimum order. */
export function ProductSummary({ product }: { product: Product }) {
  const reason = whyNotOrderable(product);
  return (
    <article aria-labelledby="purchase-product-name" className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={product.img}
          srcSet={responsiveSrcSet(product.img)}
          sizes="(min-width: 1024px) 36rem, 100vw"
          alt={product.name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          fetchPriority="high"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3">
        <h1 id="purchase-product-name" className="card-title text-3xl wrap-anywhere">
          {product.name}
        </h1>
        <p className="wrap-anywhere text-base-content/80">{product.decreption}</p>
        {product.listPrice === undefined ? (
          <p className="text-2xl font-bold">{copy.price(product.price)}</p>
        ) : (
          <div className="flex flex-col gap-0.5">
            <p className="text-sm font-semibold uppercase tracking-wide text-base-content/80">{copy.tradePrice}</p>
            <p className="text-2xl font-bold">{copy.price(product.price)}</p>
            <p className="text-sm text-base-content/80">{copy.listPrice(product.listPrice)}</p>
          </div>
        )}
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          <li data-testid="purchase-available">{copy.available(product.quantity)}</li>
          <li>{copy.minimumOrder(product.minimum)}</li>
          {reason && <li className="w-full font-medium text-red-700">{reason}</li>}
        </ul>
      </div>
    </article>
  );
}
