import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TestCard } from '@/api/payments/confirm-test-payment';
import { ApiError } from '@/lib/api-client';
import { TestCardForm } from './test-card-form';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function setup({ clientSecret = 'pi_1_secret_abc' as string | null, onPay = vi.fn<(card: TestCard, secret: string) => Promise<void>>().mockResolvedValue() } = {}) {
  render(<TestCardForm clientSecret={clientSecret} onPay={onPay} amountDue={114.84} />);
  const user = userEvent.setup();
  return {
    user,
    onPay,
    pay: () => user.click(screen.getByRole('button', { name: 'Pay $114.84' })),
    fill: async (number: string, expiry = `12/${nextYear}`, cvc = '123') => {
      await user.type(screen.getByLabelText('Card number'), number);
      await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
      await user.type(screen.getByLabelText('CVC'), cvc);
    },
  };
}

describe('TestCardForm', () => {
  it('says it is in test mode and which card to use', () => {
    setup();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Test mode');
    expect(note).toHaveTextContent('use 4242 4242 4242 4242, any future date, any CVC');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  it('keeps Pay disabled until the client secret has arrived', () => {
    setup({ clientSecret: null });
    expect(screen.getByRole('button', { name: 'Pay $114.84' })).toBeDisabled();
    expect(screen.getByText('Preparing your payment…')).toBeInTheDocument();
  });

  it('pays with the card and the client secret', async () => {
    const { fill, pay, onPay } = setup();
    expect(screen.getByRole('button', { name: 'Pay $114.84' })).toBeEnabled();
    await fill('4242 4242 4242 4242');
    await pay();
    expect(onPay).toHaveBeenCalledWith({ number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvc: '123' }, 'pi_1_secret_abc');
  });

  it('checks the card before sending it, saying what is wrong under the form', async () => {
    const { fill, pay, onPay } = setup();
    await pay();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    await fill('4242 4242 4242 4241', '01/20');
    await pay();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(onPay).not.toHaveBeenCalled();
  });

  it('shows a declined card in red under the form', async () => {
    const declined = new ApiError({ status: 402, code: 'CARD_DECLINED', message: 'Your card was declined.' });
    const { fill, pay } = setup({ onPay: vi.fn().mockRejectedValue(declined) });
    await fill('4000 0000 0000 0002');
    await pay();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-red-700');
  });

  it("marks the field the provider refused and shows its reason", async () => {
    const refused = new ApiError({
      status: 422,
      code: 'CARD_INVALID',
      message: 'Test mode takes test cards only, such as 4242 4242 4242 4242.',
      fieldErrors: { 'card.number': ['Test mode takes test cards only, such as 4242 4242 4242 4242.'] },
    });
    const { fill, pay } = setup({ onPay: vi.fn().mockRejectedValue(refused) });
    await fill('5555 5555 5555 4444');
    await pay();
    expect(await screen.findByRole('alert')).toHaveTextContent('Test mode takes test cards only');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the number in fours and adds the expiry\'s slash while only digits are typed, as on a phone\'s number pad', async () => {
    const user = userEvent.setup();
    const onPay = vi.fn<(card: TestCard, clientSecret: string) => Promise<void>>().mockResolvedValue();
    render(<TestCardForm clientSecret="pi_1_secret_2" onPay={onPay} amountDue={114.84} />);
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1299');
    await user.type(screen.getByLabelText('CVC'), '123');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/99');
    await user.click(screen.getByRole('button', { name: 'Pay $114.84' }));
    expect(onPay).toHaveBeenCalledWith({ number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' }, 'pi_1_secret_2');
  });
});
