import type { ChangeEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { TestCard } from '@/api/payments/confirm-test-payment';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/field-errors';
import { formatPrice } from '@/utils/format';
import { formatCardNumber, formatCvc, formatExpiry } from '../card-input-format';
import { paymentCopy } from '../copy';
import { checkTestCard } from '../test-card';

const copy = paymentCopy.card;
const SERVER_FIELDS = { 'card.number': 'number', 'card.expiry': 'expiry', 'card.cvc': 'cvc' } as const;
const ERROR_ID = 'card-error';

/** One message at a time, under the form, as a card provider's own form shows it. */
const resolver: Resolver<TestCard> = (card) => {
  const problem = checkTestCard(card);
  if (!problem) return { values: card, errors: {} };
  const errors: FieldErrors<TestCard> = { [problem.field]: { type: 'validate', message: problem.message } };
  return { values: {}, errors };
};

interface TestCardFormProps {
  /** The payment's client secret; Pay stays disabled until it has arrived. */
  clientSecret: string | null;
  /** Confirms the payment with this card; rejects with the shop's reason (e.g. a declined card). */
  onPay: (card: TestCard, clientSecret: string) => Promise<void>;
  /** What the payment comes to, in dollars: Pay says it. */
  amountDue: number;
}

/**
 * The card form of test mode: Stripe's test cards against the shop's own stand-in for the
 * provider. Says so plainly, since no real money moves.
 */
export function TestCardForm({ clientSecret, onPay, amountDue }: TestCardFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TestCard>({ resolver, defaultValues: { number: '', expiry: '', cvc: '' } });

  const submit = handleSubmit(async (card) => {
    if (!clientSecret) return;
    try {
      await onPay(card, clientSecret);
    } catch (error) {
      if (isApiError(error) && applyFieldErrors(error.fieldErrors, setError, SERVER_FIELDS)) return;
      setError('root.server', { type: 'server', message: isApiError(error) ? error.message : copy.failed });
    }
  });

  const message = errors.number?.message ?? errors.expiry?.message ?? errors.cvc?.message ?? errors.root?.server?.message;
  const invalid = (field: keyof TestCard) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? ERROR_ID : undefined,
  });
  const preparing = clientSecret === null;
  // Each field shows what is typed in the card's own form (groups of four, MM/YY), from digits alone.
  const formatted = (field: keyof TestCard, format: (typed: string) => string) => {
    const registered = register(field);
    return {
      ...registered,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = format(event.target.value);
        return registered.onChange(event);
      },
    };
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="card-form-heading" className="flex flex-col gap-4">
      <h2 id="card-form-heading" className="text-xl font-bold">
        {copy.heading}
      </h2>
      <div role="note" className="flex flex-col gap-1 rounded-box border border-sky-300 bg-sky-50 p-4 text-sky-950">
        <strong>{copy.testMode}</strong>
        <span>{copy.testHint}</span>
      </div>
      <FormField id="card-number" label={copy.number} error={undefined}>
        {(props) => (
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            {...props}
            {...invalid('number')}
            className={`${props.className} ${errors.number ? 'input-error' : ''}`}
            {...formatted('number', formatCardNumber)}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label={copy.expiry} error={undefined}>
          {(props) => (
            <input
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              {...props}
              {...invalid('expiry')}
              className={`${props.className} ${errors.expiry ? 'input-error' : ''}`}
              {...formatted('expiry', formatExpiry)}
            />
          )}
        </FormField>
        <FormField id="card-cvc" label={copy.cvc} error={undefined}>
          {(props) => (
            <input
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              {...props}
              {...invalid('cvc')}
              className={`${props.className} ${errors.cvc ? 'input-error' : ''}`}
              maxLength={4}
              {...formatted('cvc', formatCvc)}
            />
          )}
        </FormField>
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={preparing || isSubmitting} aria-busy={preparing || isSubmitting}>
        {(preparing || isSubmitting) && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.pay(formatPrice(amountDue))}
      </button>
      {preparing && <p className="text-sm text-base-content/80">{copy.preparing}</p>}
      <p id={ERROR_ID} role="alert" className="min-h-5 text-sm font-medium text-red-700">
        {message}
      </p>
    </form>
  );
}
