import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { answerDeliveryCalls, METHODS, quoteFor, quoteRequests } from '@/test/quote-stub';
import { renderWithProviders } from '@/test/render';
import type { PurchaseFormValues } from '../purchase-form-schema';
import { PurchaseForm, type PurchaseChoice } from './purchase-form';

const buyer = { name: 'Sam Rider', email: 'sam@example.com' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = stubFetch();
beforeEach(() => fetchMock.mockImplementation(async (input, init) => answerDeliveryCalls(input, init) ?? json({}, 404)));

function setup({ quantity = 40, minimum = 4, onSubmit = vi.fn<(values: PurchaseFormValues, choice: PurchaseChoice) => Promise<void>>().mockResolvedValue() } = {}) {
  const product = buildProduct({ price: 12.99, quantity, minimum });
  renderWithProviders(<PurchaseForm product={product} buyer={buyer} shopCountry="US" onSubmit={onSubmit} />);
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label, { exact: false });
  const button = () => screen.getByRole('button', { name: 'Confirm Order' });
  return {
    user,
    product,
    onSubmit,
    quantity: field('Order Quantity'),
    location: field('Location'),
    phone: field('Phone'),
    // The order is placed with the totals of the form as it is: once they are in.
    confirm: async () => {
      await waitFor(() => expect(button()).toBeEnabled());
      await user.click(button());
    },
    fillValid: async () => {
      await user.type(field('Location'), '12 Harbour Road, Chattogram');
      await user.type(field('Phone'), '+880 1700 000000');
      await user.type(field('Postcode'), '90210');
      await user.selectOptions(screen.getByLabelText('Region'), 'CA');
    },
  };
}

const totals = () => within(screen.getByRole('region', { name: 'Totals' }));

describe('PurchaseForm', () => {
  it('shows the buyer read-only, starts the quantity at the minimum and the country at the shop’s', async () => {
    const { quantity } = setup({ minimum: 4 });
    expect(screen.getByRole('form', { name: 'Your Order' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Rider');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(quantity).toHaveValue(4);
    const country = screen.getByLabelText('Country');
    expect(country).toHaveValue('US');
    expect(within(country).getAllByRole('option')[0]).toHaveTextContent('United States');
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
  });

  it("shows the quote's totals, and its methods with price, 'Free' and arrival", async () => {
    const { product } = setup({ minimum: 4 });
    const quote = quoteFor({ country: 'US' });
    expect(await screen.findByTestId('quote-total')).toHaveTextContent(`$${quote.total.toFixed(2)}`);
    expect(totals().getByText('Subtotal').nextSibling).toHaveTextContent('$40.00');
    expect(totals().getByText('Delivery').nextSibling).toHaveTextContent('Free');
    expect(totals().getByText('Tax').nextSibling).toHaveTextContent('$0.00');
    // No discount, no line for it.
    expect(totals().queryByText('Discount')).not.toBeInTheDocument();
    const methods = within(screen.getByRole('group', { name: 'Delivery method' }));
    expect(methods.getByRole('radio', { name: /^Standard \$4\.90 Arrives Tue 1 Dec – Thu 3 Dec$/ })).not.toBeChecked();
    expect(methods.getByRole('radio', { name: /^Express \$12\.90 Arrives Mon 30 Nov$/ })).toBeInTheDocument();
    await waitFor(() => expect(methods.getByRole('radio', { name: /^Collect from the shop Free Ready to collect Fri 27 Nov$/ })).toBeChecked());
    expect(quoteRequests(fetchMock.mock.calls)[0]).toEqual({ country: 'US', lines: [{ productId: product._id, quantity: 4 }] });
  });

  it('asks again when a method is chosen, and the totals follow', async () => {
    const { user } = setup();
    const express = await screen.findByRole('radio', { name: /^Express/ });
    await user.click(express);
    await waitFor(() => expect(quoteRequests(fetchMock.mock.calls).at(-1)).toMatchObject({ shippingMethodId: METHODS.express._id }));
    const quote = quoteFor({ country: 'US', shippingMethodId: METHODS.express._id });
    expect(await totals().findByText(`$${quote.total.toFixed(2)}`)).toBeInTheDocument();
    expect(totals().getByText('Delivery').nextSibling).toHaveTextContent('$12.90');
    expect(express).toBeChecked();
  });

  it('applies a discount code: sent with the quote, its message shown, the discount among the totals', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Discount code'), ' spring10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING10 applied')).toBeInTheDocument();
    expect(quoteRequests(fetchMock.mock.calls).at(-1)).toMatchObject({ discountCode: 'spring10' });
    expect(totals().getByText('Discount').nextSibling).toHaveTextContent('−$3.00');

    await user.clear(screen.getByLabelText('Discount code'));
    await user.type(screen.getByLabelText('Discount code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code is not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the quote's field error under its field", async () => {
    fetchMock.mockImplementation(
      async (input, init) =>
        answerDeliveryCalls(input, init, (request) =>
          request.postcode === 'ZZ'
            ? json({ error: { code: 'VALIDATION', message: 'Please enter a valid postcode', fieldErrors: { postcode: ['Please enter a valid postcode'] } }, requestId: 'r-1' }, 422)
            : json(quoteFor(request)),
        ) ?? json({}, 404),
    );
    const { user } = setup();
    await user.type(screen.getByLabelText('Postcode'), 'ZZ');
    expect(await screen.findByText('Please enter a valid postcode')).toBeInTheDocument();
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
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

  it('requires location, phone, postcode, a region where the country has them, and a quantity at all', async () => {
    const { user, quantity, confirm, onSubmit } = setup();
    await user.clear(quantity);
    await confirm();
    expect(await screen.findByText('Location is Required')).toBeInTheDocument();
    expect(screen.getByText('Phone is Required')).toBeInTheDocument();
    expect(screen.getByText('Postcode is Required')).toBeInTheDocument();
    expect(screen.getByText('Please choose a region')).toBeInTheDocument();
    expect(screen.getByText('Quantity is Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('has no region for a country without regions', async () => {
    const { user } = setup();
    expect(screen.getByLabelText('Region')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.queryByLabelText('Region')).not.toBeInTheDocument();
  });

  it('orders a whole number of pieces with the method, code and total shown, then starts again from the minimum', async () => {
    const { user, quantity, location, phone, confirm, fillValid, onSubmit } = setup({ minimum: 4 });
    await fillValid();
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(await screen.findByRole('radio', { name: /^Express/ }));
    await confirm();
    expect(onSubmit).toHaveBeenCalledWith(
      { quantity: 6, location: '12 Harbour Road, Chattogram', phone: '+880 1700 000000', postcode: '90210', region: 'CA', country: 'US', shippingMethodId: METHODS.express._id, saveAddress: false },
      { shippingMethodId: METHODS.express._id, discountCode: null, expectedTotal: quoteFor({ country: 'US', region: 'CA', shippingMethodId: METHODS.express._id }).total },
    );
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

  it('shows any other refusal for the whole form', async () => {
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
