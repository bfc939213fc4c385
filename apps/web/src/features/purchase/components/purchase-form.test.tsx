import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { PurchaseFormValues } from '../purchase-form-schema';
import { PurchaseForm } from './purchase-form';

const buyer = { name: 'Sam Rider', email: 'sam@example.com' };

function setup({ quantity = 40, minimum = 4, onSubmit = vi.fn<(values: PurchaseFormValues) => Promise<void>>().mockResolvedValue() } = {}) {
  const product = buildProduct({ price: 12.99, quantity, minimum });
  renderWithProviders(<PurchaseForm product={product} buyer={buyer} onSubmit={onSubmit} />);
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label, { exact: false });
  return {
    user,
    onSubmit,
    quantity: field('Order Quantity'),
    location: field('Location'),
    phone: field('Phone'),
    confirm: () => user.click(screen.getByRole('button', { name: 'Confirm Order' })),
    fillValid: async () => {
      await user.type(field('Location'), '12 Harbour Road, Chattogram');
      await user.type(field('Phone'), '+880 1700 000000');
    },
  };
}

describe('PurchaseForm', () => {
  it('shows the buyer read-only and starts the quantity at the minimum', () => {
    const { quantity } = setup({ minimum: 4 });
    expect(screen.getByRole('form', { name: 'Your Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Rider');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(quantity).toHaveValue(4);
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$51.96');
  });

  it("says 'Please Order More Then {min} Peace' below the minimum", async () => {
    const { user, quantity, confirm, fillValid, onSubmit } = setup({ minimum: 4 });
    await fillValid();
    await user.clear(quantity);
    await user.type(quantity, '3');
    await confirm();
    expect(await screen.findByText('Please Order More Then 4 Peace')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says '{n} Peace is Not Available' above the stock", async () => {
    const { user, quantity, confirm, fillValid, onSubmit } = setup({ quantity: 40, minimum: 4 });
    await fillValid();
    await user.clear(quantity);
    await user.type(quantity, '41');
    await confirm();
    expect(await screen.findByText('41 Peace is Not Available')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires location and phone, and a quantity at all', async () => {
    const { user, quantity, confirm, onSubmit } = setup();
    await user.clear(quantity);
    await confirm();
    expect(await screen.findByText('Location is Required')).toBeInTheDocument();
    expect(screen.getByText('Phone is Required')).toBeInTheDocument();
    expect(screen.getByText('Quantity is Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('orders a whole number of pieces, then starts again from the minimum', async () => {
    const { user, quantity, location, phone, confirm, fillValid, onSubmit } = setup({ minimum: 4 });
    await fillValid();
    await user.clear(quantity);
    await user.type(quantity, '6');
    expect(screen.getByTestId('purchase-total')).toHaveTextContent('$77.94');
    await confirm();
    expect(onSubmit).toHaveBeenCalledWith({ quantity: 6, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000' });
    expect(quantity).toHaveValue(4);
    expect(location).toHaveValue('');
    expect(phone).toHaveValue('');
  });

  it("puts the shop's refusal under the field it is about", async () => {
    const refused = new ApiError({
      status: 409,
      code: 'OUT_OF_STOCK',
      message: '6 Peace is Not Available',
      fieldErrors: { quantity: ['6 Peace is Not Available'] },
    });
    const { user, quantity, confirm, fillValid } = setup({ onSubmit: vi.fn().mockRejectedValue(refused) });
    await fillValid();
    await user.clear(quantity);
    await user.type(quantity, '6');
    await confirm();
    expect(await screen.findByText('6 Peace is Not Available')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveFocus();
  });

  it("shows any other refusal for the whole form", async () => {
    const missing = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Product not found' });
    const { confirm, fillValid } = setup({ onSubmit: vi.fn().mockRejectedValue(missing) });
    await fillValid();
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });

  it("turns the button into an 'Out Of Stock' link home when stock is below the minimum", () => {
    setup({ quantity: 3, minimum: 5 });
    expect(screen.queryByRole('button', { name: 'Confirm Order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Out Of Stock' })).toHaveAttribute('href', '/');
    expect(screen.getByLabelText('Order Quantity', { exact: false })).toBeDisabled();
  });
});
