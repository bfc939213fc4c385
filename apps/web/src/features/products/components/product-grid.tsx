import { PAGE_SIZE, type Product } from '@shop/shared';
import type { ReactNode } from 'react';
import { ErrorPanel } from '@/components/ui/error-panel';
import { productsCopy as copy } from '../copy';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

/** Cards per row on large screens; the first row loads its images eagerly. */
const FIRST_ROW = 3;
/** One card a row on a phone, two on a tablet, three from a laptop; a card never wider than its column. */
const GRID_CLASSES = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 [&>li]:min-w-0';

export interface ProductGridProps {
  products: readonly Product[] | undefined;
  status: 'pending' | 'error' | 'success';
  /** A newer page is on its way while the previous one is still shown. */
  isUpdating?: boolean;
  isRetrying?: boolean;
  onRetry: () => void;
  headingLevel?: 2 | 3;
  /** Shown instead of the grid when the list is empty. */
  empty?: ReactNode;
  /** The active bike's model, for the badge of parts answered with their fit. */
  bikeModel?: string | undefined;
}

export function ProductGrid({
  products,
  status,
  isUpdating = false,
  isRetrying = false,
  onRetry,
  headingLevel = 3,
  empty = <p className="py-12 text-center">{copy.empty}</p>,
  bikeModel,
}: ProductGridProps) {
  if (products === undefined) {
    if (status === 'error') {
      return <ErrorPanel message={copy.loadError} retryLabel={copy.reload} onRetry={onRetry} isRetrying={isRetrying} />;
    }
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {copy.loading}
        </p>
        <ul className={GRID_CLASSES}>
          {Array.from({ length: PAGE_SIZE }, (_, index) => (
            <li key={index}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (products.length === 0) return <>{empty}</>;

  return (
    <ul
      // Another list (another page, or the rider's bike known once the browser has taken the
      // server's page over) is drawn afresh in place, not by moving the cards both lists hold:
      // a card moved across the screen is a layout shift, a new one is not.
      key={products.map((product) => product._id).join()}
      className={`${GRID_CLASSES} transition-opacity ${isUpdating ? 'opacity-60' : ''}`}
      aria-busy={isUpdating || undefined}
    >
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            imageLoading={index < FIRST_ROW ? 'eager' : 'lazy'}
            onRetry={onRetry}
            isRetrying={isRetrying}
            bikeModel={bikeModel}
          />
        </li>
      ))}
    </ul>
  );
}
