import { type CartLine, lineProblemMessage, orderableTotal, type Quote } from '@shop/shared';
import { useState } from 'react';
import { useAddresses } from '@/api/addresses/get-addresses';
import { useSettings } from '@/api/settings/get-settings';
import { QuoteTotals } from '@/components/delivery-options';
import { DiscountCodeField } from '@/components/discount-code-field';
import { Link, useNavigate } from 'react-router';
import { BusyButton, DANGER_OUTLINE } from '@/components/ui/busy-button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { usePurchaseQuote } from '@/hooks/use-purchase-quote';
import { useAuth } from '@/lib/session';
import { useCart } from '@/stores/cart';
import { formatPrice } from '@/utils/format';
import { toast } from '@/lib/toast';
import { cartCopy as copy } from '../copy';
import { setCartCode, useCartCode } from '../cart-code';
import { useFreshLines } from '../fresh-lines';
import { LineQuantity } from './line-quantity';
import { useWaitingPurchase, WaitingPurchase } from './waiting-purchase';

/** What stands between a line and its order, in SPEC's purchase words; null when nothing does. */
export const lineProblem = (line: CartLine): string | null => (line.problem ? lineProblemMessage(line.problem, line, copy.gone) : null);

/** A line's total, or what stands in for it while the line cannot be ordered as it is. */
function LineTotal({ line }: { line: CartLine }) {
  if (line.problem === null) return <span data-testid="line-total">{formatPrice(line.lineTotal)}</span>;
  return (
    <span data-testid="line-total">
      <span aria-hidden="true">–</span>
      <span className="sr-only">{copy.noLineTotal}</span>
    </span>
  );
}

/** A line as the page shows it: `listed` is the part's price as the line holds it, against which a change since it was added is told. */
type ShownLine = CartLine & { listed: number };

/** Each visitor's line at the quote's unit price and total for its quantity, once the quote is of the lines as they are. */
function withQuotedPrices(lines: CartLine[], quote: Quote | undefined): ShownLine[] {
  return lines.map((line) => {
    const quoted = line.problem === null ? quote?.lines.find((each) => each.productId === line.productId && each.quantity === line.quantity) : undefined;
    return quoted ? { ...line, listed: line.price, price: quoted.unitPrice, lineTotal: quoted.lineTotal } : { ...line, listed: line.price };
  });
}

/**
 * /cart: the lines, each quantity checked against the part's minimum and stock, the total and
 * 'Checkout'; with no lines, the customer's purchase waiting for payment when there is one.
 */
export function CartPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const lines = useFreshLines(cart.lines, !cart.signedIn);
  const auth = useAuth();
  const empty = !cart.isLoading && !cart.error && lines.length === 0;
  const waiting = useWaitingPurchase(empty && auth.user ? auth.user.email : null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const discountCode = useCartCode();
  // Priced for the customer's default address, or the shop's country; every line must be orderable.
  const destination = useQuoteDestination(auth.user !== null);
  const orderable = lines.length > 0 && orderableTotal(lines) !== null;
  const priced = usePurchaseQuote({
    lines: !orderable || !destination ? null : cart.signedIn ? undefined : lines.map(({ productId, quantity }) => ({ productId, quantity })),
    cartLines: lines,
    country: destination?.country ?? '',
    region: destination?.region ?? '',
    postcode: destination?.postcode ?? '',
    discountCode,
  });
  const quote = priced.quote;
  // A visitor's lines at the prices the shop quoted for them (a quantity price from its quantity on);
  // a signed-in customer's come priced for them from the shop already.
  const shownLines = cart.signedIn ? lines.map((line) => ({ ...line, listed: line.price })) : withQuotedPrices(lines, quote);

  const change = async (line: CartLine, work: () => Promise<void>, done?: string) => {
    setBusyId(line.productId);
    try {
      await work();
      if (done) toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : copy.changeFailed);
    } finally {
      setBusyId(null);
    }
  };

  const columns: DataTableColumn<ShownLine>[] = [
    {
      header: copy.columns.price,
      cell: (line) => (
        <div className="flex flex-col">
          <span>{formatPrice(line.price)}</span>
          {line.problem !== 'gone' && line.seenPrice !== line.listed && <span className="text-sm text-amber-800">{copy.repriced(line.seenPrice, line.listed)}</span>}
        </div>
      ),
    },
    {
      header: copy.columns.quantity,
      cell: (line) => (
        <LineQuantity
          line={line}
          problem={lineProblem(line)}
          disabled={busyId === line.productId}
          onChange={(quantity) => change(line, () => cart.setQuantity(line.productId, quantity))}
        />
      ),
    },
    { header: copy.columns.lineTotal, cell: (line) => <LineTotal line={line} />, className: 'tabular-nums' },
    {
      header: copy.columns.actions,
      cell: (line) => (
        <BusyButton className={DANGER_OUTLINE} busy={busyId === line.productId} onClick={() => void change(line, () => cart.remove(line.productId), copy.removed(line.name))}>
          {copy.remove}
          <span className="sr-only"> {line.name}</span>
        </BusyButton>
      ),
    },
  ];

  let content;
  if (cart.isLoading || waiting.isLoading || (empty && auth.isLoading)) content = <PageLoader label={copy.loading} />;
  else if (cart.error) content = <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={cart.retry} isRetrying={false} />;
  else if (waiting.order) content = <WaitingPurchase order={waiting.order} />;
  else if (lines.length === 0) {
    content = (
      <EmptyState
        text={copy.empty}
        action={
          <Link to={paths.allProducts.getHref()} className="btn btn-primary">
            {copy.browse}
          </Link>
        }
      />
    );
  } else {
    const blocked = !orderable;
    const checkout = () => {
      // A visitor signs in first and comes back to the cart, which has joined the account's.
      if (cart.signedIn) void navigate(paths.checkout.getHref());
      else void navigate(paths.auth.signIn.getHref(), { state: { from: { pathname: paths.cart.getHref() } } });
    };
    content = (
      <>
        <DataTable
          label={copy.tableLabel}
          indexHeader={copy.columns.part}
          rowHeader={(line) => <PartCell line={line} />}
          columns={columns}
          rows={shownLines}
          rowKey={(line) => line.productId}
          busyKey={busyId}
          rowTestId="cart-line"
          fitsFrom="xl"
        />
        <div className="flex flex-col items-end gap-3">
          {blocked ? (
            <p className="text-lg font-semibold" data-testid="cart-total">
              {copy.totalHidden}
            </p>
          ) : (
            <div className="flex w-full max-w-sm flex-col gap-3">
              <DiscountCodeField
                defaultCode={discountCode ?? ''}
                onApply={(code) => setCartCode(code || null)}
                message={discountCode && quote?.discountMessage ? { text: quote.discountMessage, applied: quote.discountCode !== null } : null}
              />
              <QuoteTotals quote={quote} loading={priced.loading} failed={priced.failed} />
            </div>
          )}
          {blocked && (
            <p role="status" className="font-medium text-red-700">
              {copy.fixFirst}
            </p>
          )}
          {!cart.signedIn && <p className="text-sm text-base-content/80">{copy.signInFirst}</p>}
          <button type="button" className="btn btn-primary min-w-40" disabled={blocked} onClick={checkout}>
            {copy.checkout}
          </button>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12">
      <title>{copy.documentTitle}</title>
      <h1 className="text-3xl font-bold">{copy.heading}</h1>
      {content}
    </div>
  );
}

function PartCell({ line }: { line: CartLine }) {
  return (
    <div className="flex items-center gap-3 text-left font-medium">
      {line.img && <img src={line.img} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded object-cover" />}
      {line.problem === 'gone' ? (
        <span className="wrap-anywhere">{line.name}</span>
      ) : (
        <Link to={paths.part.getHref(line.productId)} className="link-hover wrap-anywhere">
          {line.name}
        </Link>
      )}
    </div>
  );
}

/** Where the cart is priced: the signed-in customer's default address, or the shop's own country; undefined until known. */
function useQuoteDestination(signedIn: boolean): { country: string; region: string; postcode: string } | undefined {
  const settings = useSettings();
  const addresses = useAddresses({ enabled: signedIn });
  if (signedIn && addresses.isPending) return undefined;
  const home = addresses.data?.find((address) => address.isDefault);
  if (home) return { country: home.country, region: home.region ?? '', postcode: home.postcode };
  return settings.data ? { country: settings.data.country, region: '', postcode: '' } : undefined;
}
