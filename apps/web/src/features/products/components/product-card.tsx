import { isOutOfStock, type Product, responsiveSrcSet } from '@shop/shared';
import { Link } from 'react-router';
import { AddToCartButton } from '@/components/ui/add-to-cart-button';
import { FitBadge } from '@/components/ui/fit-badge';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import { whyNotOrderable } from '@/utils/stock-reason';
import { productsCopy as copy } from '../copy';

export const PRODUCT_IMAGE_WIDTH = 400;
export const PRODUCT_IMAGE_HEIGHT = 300;

export interface ProductCardProps {
  product: Product;
  headingLevel?: 2 | 3;
  /** Cards in the first row are on screen at once and load their image eagerly. */
  imageLoading?: 'eager' | 'lazy';
  /** Out-of-stock cards offer to load the list again: stock may have arrived meanwhile. */
  onRetry: () => void;
  isRetrying?: boolean;
  /** The active bike's model: a part answered with its fit shows its badge. */
  bikeModel?: string | undefined;
}

export function ProductCard({
  product,
  headingLevel = 3,
  imageLoading = 'lazy',
  onRetry,
  isRetrying = false,
  bikeModel,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `product-${product._id}-name`;
  const outOfStock = isOutOfStock(product);

  return (
    <article
      data-testid="product-card"
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-200">
        {/* The name below is the card's link for the keyboard; the image is the same link for a pointer. */}
        <Link to={paths.part.getHref(product._id)} tabIndex={-1} className="block h-full w-full">
          <img
            src={product.img}
            srcSet={responsiveSrcSet(product.img)}
            sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
            alt={product.name}
            width={PRODUCT_IMAGE_WIDTH}
            height={PRODUCT_IMAGE_HEIGHT}
            loading={imageLoading}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </Link>
      </figure>
      <div className="card-body gap-3">
        <Heading id={headingId} className="card-title text-xl">
          <Link to={paths.part.getHref(product._id)} className="link-hover wrap-anywhere">
            {product.name}
          </Link>
        </Heading>
        {product.fit && bikeModel !== undefined && (
          <p>
            <FitBadge fit={product.fit} model={bikeModel} />
          </p>
        )}
        {product.rating && (
          <p className="-mt-1 flex items-center gap-2 text-sm">
            <span role="img" aria-label={copy.rating(product.rating.average, product.rating.count)} className="flex items-center gap-2">
              <Stars value={product.rating.average} className="size-4" />
              <span aria-hidden="true">({product.rating.count})</span>
            </span>
          </p>
        )}
        <p className="wrap-anywhere text-base-content/80">{product.decreption}</p>
        <p className="text-2xl font-bold">{formatPrice(product.price)}</p>
        <ul className="text-sm">
          <li>{copy.available(product.quantity)}</li>
          <li>{copy.minimumOrder(product.minimum)}</li>
          {outOfStock && <li className="font-medium text-red-700">{whyNotOrderable(product)}</li>}
        </ul>
        <div className="card-actions mt-auto items-center justify-between pt-2">
          {outOfStock ? (
            <>
              <p className="font-semibold text-red-700">{copy.outOfStock}</p>
              <button type="button" className="btn btn-outline" onClick={onRetry} disabled={isRetrying}>
                {isRetrying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {copy.tryAgain}{' '}
                <span className="sr-only">{product.name}</span>
              </button>
            </>
          ) : (
            <div className="grid w-full grid-cols-2 gap-2">
              <AddToCartButton part={product} className="btn-outline btn-primary" />
              <Link to={paths.purchase.getHref(product._id)} className="btn btn-primary">
                {copy.purchase}{' '}
                <span className="sr-only">{product.name}</span>
              </Link>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
