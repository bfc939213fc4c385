import { isOutOfStock, type Product, readQuantity } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useProduct } from '@/api/products/get-product';
import { useFitment } from '@/api/products/get-fitment';
import { useProductReviews } from '@/api/reviews/get-product-reviews';
import { useSettings } from '@/api/settings/get-settings';
import { AddToCartButton } from '@/components/ui/add-to-cart-button';
import { QueryView } from '@/components/ui/query-view';
import { Stars } from '@/components/ui/stars';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatPrice } from '@/utils/format';
import { whyNotOrderable } from '@/utils/stock-reason';
import { partCopy as copy } from '../copy';
import { NotifyMe } from './notify-me';
import { PartArrival } from './part-arrival';
import { PartGallery } from './part-gallery';
import { PartFitBadge, PartFitment } from './part-fitment';
import { PartReviews } from './part-reviews';

/** 400 is a malformed id: to a rider, as much "no such part" as an unknown one. */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** /parts/{id}: everything a rider needs to decide on one part, and the way to buy it. */
export function PartPage({ productId, notFound }: { productId: string; notFound: ReactNode }) {
  const product = useProduct(productId);
  // Asked with the part, not once it has come: its fitment, its reviews and the shop's settings
  // (the reviews' days, the delivery country) depend on its id alone. A navigation, and the
  // server's render, wait for one round of calls instead of two.
  useFitment(productId);
  useProductReviews(productId);
  useSettings();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <QueryView query={product} copy={copy} failure={(error) => isMissing(error) && notFound}>
        {(part) => <PartDetails part={part} />}
      </QueryView>
    </div>
  );
}

function PartDetails({ part }: { part: Product }) {
  const outOfStock = isOutOfStock(part);
  return (
    <article className="flex flex-col gap-6" aria-labelledby="part-name">
      <title>{copy.documentTitle(part.name, part.brand)}</title>
      <nav aria-label={copy.breadcrumb} className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to={paths.home.getHref()}>{copy.home}</Link>
          </li>
          <li>
            <Link to={paths.search.getHref({ category: part.category })}>{part.category}</Link>
          </li>
          <li aria-current="page" className="wrap-anywhere">
            {part.name}
          </li>
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[480px_minmax(0,1fr)]">
        <PartGallery part={part} />
        <div className="flex min-w-0 flex-col gap-4">
          <h1 id="part-name" className="text-3xl font-bold wrap-anywhere">
            {part.name}
          </h1>
          <PartFitBadge productId={part._id} />
          {part.rating && (
            <a href="#part-reviews" className="link-hover flex w-fit items-center gap-2" aria-label={copy.reviews.jump(part.rating.average, part.rating.count)}>
              <Stars value={part.rating.average} />
              <span aria-hidden="true">{copy.reviews.countPlain(part.rating.count)}</span>
            </a>
          )}
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            {part.brand && (
              <>
                <dt className="font-medium">{copy.brand}</dt>
                <dd className="wrap-anywhere" data-testid="part-brand">
                  {part.brand}
                </dd>
              </>
            )}
            <dt className="font-medium">{copy.category}</dt>
            <dd>
              <Link className="link" to={paths.search.getHref({ category: part.category })}>
                {part.category}
              </Link>
            </dd>
          </dl>
          {part.partNumber && (
            <p className="font-mono wrap-anywhere" data-testid="part-number">
              {copy.partNumber(part.partNumber)}
            </p>
          )}
          <PartPrice part={part} />
          {part.quantityPrices && part.quantityPrices.length > 0 && <QuantityPrices tiers={part.quantityPrices} />}
          <ul className="text-sm">
            <li>{copy.available(part.quantity)}</li>
            <li>{copy.minimumOrder(part.minimum)}</li>
            {outOfStock && <li className="font-medium text-red-700">{whyNotOrderable(part)}</li>}
          </ul>
          {!outOfStock && <PartArrival />}
          {outOfStock ? (
            <div className="flex flex-col gap-3">
              <p className="text-lg font-semibold text-red-700">{copy.outOfStock}</p>
              <NotifyMe productId={part._id} />
            </div>
          ) : (
            <BuyBox part={part} />
          )}
          <section aria-labelledby="part-details" className="flex flex-col gap-2 border-t border-base-300 pt-4">
            <h2 id="part-details" className="text-xl font-bold">
              {copy.details}
            </h2>
            <p className="whitespace-pre-line wrap-anywhere">{part.decreption}</p>
            {part.oemNumbers.length > 0 && (
              <p className="font-mono text-sm wrap-anywhere" data-testid="part-oem-numbers">
                {copy.replacesOem(part.oemNumbers)}
              </p>
            )}
          </section>
          <PartFitment part={part} />
        </div>
      </div>
      <PartReviews productId={part._id} />
    </article>
  );
}

/** The price of one piece: a workshop's (its own answers carry the list price beside it) says so, with the list price. */
function PartPrice({ part }: { part: Product }) {
  if (part.listPrice === undefined) {
    return (
      <p className="text-3xl font-bold" data-testid="part-price">
        {formatPrice(part.price)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-0.5">
      <p className="text-sm font-semibold uppercase tracking-wide text-base-content/80">{copy.tradePrice}</p>
      <p className="text-3xl font-bold" data-testid="part-price">
        {formatPrice(part.price)}
      </p>
      <p className="text-sm text-base-content/80" data-testid="part-list-price">
        {copy.listPrice(formatPrice(part.listPrice))}
      </p>
    </div>
  );
}

/** SPEC-3 section 6: the part's quantity prices, for everyone, from the smallest quantity up. */
function QuantityPrices({ tiers }: { tiers: NonNullable<Product['quantityPrices']> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h2 id={headingId} className="text-lg font-semibold">
        {copy.quantityPrices.heading}
      </h2>
      <table className="table table-sm w-auto" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{copy.quantityPrices.from}</th>
            <th scope="col" className="text-right">
              {copy.quantityPrices.price}
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={tier.from}>
              <td className="tabular-nums">{tier.from}</td>
              <td className="text-right tabular-nums">{formatPrice(tier.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** How many, starting at the minimum, and on to the purchase form with that quantity. */
function BuyBox({ part }: { part: Product }) {
  const id = useId();
  const [quantity, setQuantity] = useState(String(part.minimum));
  const read = readQuantity(quantity);
  const chosen = 'quantity' in read ? read.quantity : part.minimum;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-medium">
          {copy.quantity}
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={part.minimum}
          max={part.quantity}
          step={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-describedby={`${id}-hint`}
          className="input w-32"
        />
        <span id={`${id}-hint`} className="text-sm text-base-content/80">
          {copy.quantityHint(part.minimum, part.quantity)}
        </span>
      </div>
      <div className="mb-7 flex flex-wrap gap-2">
        <AddToCartButton part={part} quantity={chosen} className="btn-outline btn-primary min-w-40" />
        <Link to={paths.purchase.getHref(part._id, chosen)} className="btn btn-primary min-w-40">
          {copy.purchase}
        </Link>
      </div>
    </div>
  );
}
