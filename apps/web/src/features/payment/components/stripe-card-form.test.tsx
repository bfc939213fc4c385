import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StripeCardForm } from './stripe-card-form';

// Stripe.js itself comes from Stripe's servers; these stand-ins play its part in the page.
const stripe = vi.hoisted(() => ({
  confirmCardPayment: vi.fn(),
  card: { kind: 'card-element' },
  loaded: true,
}));

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(async () => (stripe.loaded ? { confirmCardPayment: stripe.confirmCardPayment } : null)),
}));

vi.mock('@stripe/react-stripe-js', async () => {
  const { createContext, createElement, useContext } = await import('react');
  const StripeContext = createContext<unknown>(null);
  return {
    Elements: ({ stripe: instance, children }: { stripe: unknown; children: ReactNode }) =>
      createElement(StripeContext.Provider, { value: instance }, children),
    useStripe: () => useContext(StripeContext),
    useElements: () => (useContext(StripeContext) ? { getElement: () => stripe.card } : null),
    CardElement: function CardElement({ onReady, onChange }: { onReady: () => void; onChange: (event: { error?: { message: string } }) => void }) {
      useEffect(() => onReady(), [onReady]);
      return <input aria-label="Card" onChange={(event) => onChange(event.target.value === 'bad' ? { error: { message: 'Your card number is invalid.' } } : {})} />;
    },
  };
});

const billingDetails = { name: 'Brake Pad Set', email: 'sam@example.com' };

describe('StripeCardForm', () => {
  beforeEach(() => {
    stripe.confirmCardPayment.mockReset();
    stripe.loaded = true;
  });

  const renderForm = (clientSecret: string | null, onSucceeded = vi.fn(async () => {})) => {
    const view = render(<StripeCardForm publishableKey="pk_test_1" clientSecret={clientSecret} billingDetails={billingDetails} onSucceeded={onSucceeded} amountDue={114.84} />);
    return { ...view, onSucceeded };
  };

  it('keeps Pay disabled until Stripe is ready and the client secret has arrived', async () => {
    const { rerender, onSucceeded } = renderForm(null);
    expect(screen.getByRole('button', { name: 'Pay $114.84' })).toBeDisabled();
    rerender(<StripeCardForm publishableKey="pk_test_1" clientSecret="pi_1_secret_x" billingDetails={billingDetails} onSucceeded={onSucceeded} amountDue={114.84} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $114.84' })).toBeEnabled(), { timeout: 5000 });
  });

  it("confirms the card payment with SPEC's billing details and hands over the intent's id", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
    const { onSucceeded } = renderForm('pi_1_secret_x');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $114.84' })).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Pay $114.84' }));
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: { card: stripe.card, billing_details: billingDetails },
    });
    expect(onSucceeded).toHaveBeenCalledWith('pi_1');
  });

  it("shows Stripe's reason in red under the form", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const { onSucceeded } = renderForm('pi_1_secret_x');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $114.84' })).toBeEnabled(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Pay $114.84' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('alert')).toHaveClass('text-red-700');
    expect(onSucceeded).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Card' }), 'bad');
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loaded = false;
    render(<StripeCardForm publishableKey="pk_test_offline" clientSecret="pi_1_secret_x" billingDetails={billingDetails} onSucceeded={vi.fn()} amountDue={114.84} />);
    expect(await screen.findByText(/The card form could not be loaded./)).toHaveAttribute('role', 'alert');
  });
});
