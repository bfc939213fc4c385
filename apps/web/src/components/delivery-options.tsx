import { arrivalText, COUNTRY_REGIONS, type Quote } from '@shop/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CountryOptions } from '@/components/ui/country-options';
import { DispatchCountdown } from '@/components/ui/dispatch-countdown';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { formatPrice } from '@/utils/format';

/** SPEC-3 section 1's words on the purchase page, checkout and cart: the address's fields, the methods and the totals. */
export const deliveryOptionsCopy = {
  postcode: 'Postcode',
  region: 'Region',
  chooseRegion: 'Choose a region',
  country: 'Country',
  saveAddress: 'Save this address',
  methods: 'Delivery method',
  free: 'Free',
  totals: 'Totals',
  subtotal: 'Subtotal',
  delivery: 'Delivery',
  discount: 'Discount',
  tax: 'Tax',
  taxIncluded: 'Tax (included)',
  total: 'Total',
  updating: 'Updating the totals',
  quoteFailed: 'The totals could not be worked out. Please try again.',
} as const;
const copy = deliveryOptionsCopy;

interface AddressFieldsProps {
  /** Prefix of the fields' ids: one page may hold one form of each kind. */
  idPrefix: string;
  /** The country chosen now: its regions make the 'Region' select, or none. */
  country: string;
  /** The shop's own country, first in the list. */
  shopCountry: string | undefined;
  fields: { postcode: UseFormRegisterReturn; region: UseFormRegisterReturn; country: UseFormRegisterReturn };
  errors: { postcode?: string | undefined; region?: string | undefined; country?: string | undefined };
}

/** 'Postcode', 'Region' (only where the country has regions) and 'Country', beside SPEC's 'Location' and 'Phone'. */
export function AddressFields({ idPrefix, country, shopCountry, fields, errors }: AddressFieldsProps) {
  const regions = COUNTRY_REGIONS[country];
  return (
    <>
      <FormField id={`${idPrefix}-postcode`} label={copy.postcode} error={errors.postcode}>
        {(props) => <input type="text" autoComplete="postal-code" {...props} {...fields.postcode} />}
      </FormField>
      {regions && (
        <FormField id={`${idPrefix}-region`} kind="select" label={copy.region} error={errors.region}>
          {(props) => (
            <select autoComplete="address-level1" {...props} {...fields.region}>
              <option value="">{copy.chooseRegion}</option>
              {regions.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField id={`${idPrefix}-country`} kind="select" label={copy.country} error={errors.country}>
        {(props) => (
          <select autoComplete="country" {...props} {...fields.country}>
            <CountryOptions first={shopCountry} />
          </select>
        )}
      </FormField>
    </>
  );
}

/** 'Save this address': kept in My Addresses once the order is placed. */
export function SaveAddressCheckbox({ id, field }: { id: string; field: UseFormRegisterReturn }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
      <input id={id} type="checkbox" className="checkbox" {...field} />
      <span>{copy.saveAddress}</span>
    </label>
  );
}

interface DeliveryMethodsProps {
  idPrefix: string;
  quote: Quote | undefined;
  /** The method the customer picked; the quote's (the cheapest) is shown chosen until they do. */
  chosenId: string;
  onChoose: (id: string) => void;
  error: string | undefined;
}

/**
 * The methods that deliver to the country as radio buttons: name, price ('Free' when 0) and
 * arrival, and while an order still leaves today, until when.
 */
export function DeliveryMethods({ idPrefix, quote, chosenId, onChoose, error }: DeliveryMethodsProps) {
  const errorId = error ? `${idPrefix}-methods-error` : undefined;
  const selected = chosenId || quote?.shippingMethodId;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={errorId}>
      <legend className="mb-1.5 font-medium">{copy.methods}</legend>
      {quote?.methods.map((method) => {
        const id = `${idPrefix}-method-${method._id}`;
        return (
          <label key={method._id} htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary">
            <input
              id={id}
              type="radio"
              name={`${idPrefix}-method`}
              className="radio radio-sm mt-0.5"
              value={method._id}
              checked={selected === method._id}
              onChange={() => onChoose(method._id)}
            />
            <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium wrap-anywhere">{method.name}</span>{' '}
              <span className="tabular-nums">{method.price === 0 ? copy.free : formatPrice(method.price)}</span>{' '}
              <span className="w-full text-sm text-base-content/80">{arrivalText(method)}</span>
            </span>
          </label>
        );
      })}
      {quote && <DispatchCountdown dispatchBy={quote.dispatchBy} className="text-sm" />}
      {error && <FieldMessage id={errorId}>{error}</FieldMessage>}
    </fieldset>
  );
}

/** 'Subtotal', 'Delivery', 'Discount' (when there is one), 'Tax' and 'Total', as the shop priced them. */
/** The amounts a quote and a placed purchase both answer. */
type Amounts = Pick<Quote, 'subtotal' | 'shipping' | 'discount' | 'tax' | 'total' | 'pricesIncludeTax'>;

/** Subtotal, Delivery, Discount (when any), Tax and Total, as the shop answered them: a quote's, or a placed purchase's. */
export function QuoteTotals({ quote, loading, failed, totalTestId = 'quote-total' }: { quote: Amounts | undefined; loading: boolean; failed?: boolean; totalTestId?: string }) {
  if (!quote) return failed ? <FieldMessage>{copy.quoteFailed}</FieldMessage> : null;
  const rows: Array<[string, string]> = [
    [copy.subtotal, formatPrice(quote.subtotal)],
    [copy.delivery, quote.shipping === 0 ? copy.free : formatPrice(quote.shipping)],
    ...(quote.discount === 0 ? [] : ([[copy.discount, `−${formatPrice(quote.discount)}`]] as Array<[string, string]>)),
    [quote.pricesIncludeTax ? copy.taxIncluded : copy.tax, formatPrice(quote.tax)],
  ];
  return (
    <section aria-label={copy.totals} aria-busy={loading} className="border-t border-base-300 pt-4" data-testid="quote-totals">
      <dl className="flex flex-col gap-1">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex items-baseline justify-between gap-4">
            <dt>{label}</dt>
            <dd className="tabular-nums">{amount}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 text-lg font-bold">
          <dt>{copy.total}</dt>
          <dd className="tabular-nums" data-testid={totalTestId}>
            {formatPrice(quote.total)}
          </dd>
        </div>
      </dl>
      {loading && <span className="sr-only">{copy.updating}</span>}
    </section>
  );
}
