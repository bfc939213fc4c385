import { productMessages } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubmitOutcome } from '@/lib/field-errors';
import { messageFor } from '@/test/field-message';
import { renderWithProviders } from '@/test/render';
import { buildProduct } from '@/test/fixtures';
import { photoFile } from '@/test/image-upload-stub';
import type { UpdateProductFormValues } from '../product-form-schemas';
import { UpdateProductForm } from './update-product-form';

const LABELS = {
  description: 'Short Description',
  price: 'Price',
  quantity: 'Quantity',
  minimum: 'Minimum Order Quantity',
  photo: /^New Photo/,
} as const;

function setup() {
  const product = buildProduct({ name: 'Brake Pad Set', decreption: 'Sintered pads', price: 12.5, quantity: 40, minimum: 4 });
  const onSubmit = vi.fn<(values: UpdateProductFormValues) => Promise<SubmitOutcome>>().mockResolvedValue({ saved: true });
  const user = userEvent.setup();
  renderWithProviders(<UpdateProductForm product={product} fitment={{ universal: false, vehicles: [] }} onSubmit={onSubmit} upload={{ progress: null, error: null }} categories={['Brakes', 'Filters', 'Other']} />);
  const field = (label: string | RegExp) => screen.getByLabelText(label);
  const set = async (label: string, value: string) => {
    await user.clear(field(label));
    if (value !== '') await user.type(field(label), value);
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Update Product' }));
  return { user, product, onSubmit, field, set, submit };
}

describe('UpdateProductForm', () => {
  it('shows the name read-only and the rest prefilled', () => {
    const { field } = setup();
    expect(screen.getByRole('form', { name: 'Update Product' })).toHaveAttribute('novalidate');
    expect(field(/^Name/)).toHaveValue('Brake Pad Set');
    expect(field(/^Name/)).toHaveAttribute('readonly');
    expect(field(LABELS.description)).toHaveValue('Sintered pads');
    expect(field(LABELS.price)).toHaveValue('12.50');
    expect(field(LABELS.quantity)).toHaveValue(40);
    expect(field(LABELS.minimum)).toHaveValue(4);
    expect(field(LABELS.photo)).toHaveAttribute('type', 'file');
    expect(screen.getByRole('img', { name: 'Current photo of Brake Pad Set' })).toBeInTheDocument();
  });

  it("shows each of SPEC's messages under its own field", async () => {
    const { set, submit, onSubmit } = setup();
    for (const label of [LABELS.description, LABELS.price, LABELS.quantity, LABELS.minimum]) await set(label, '');
    await submit();
    await waitFor(() => expect(messageFor(LABELS.description)).toBe('Descreption is Required'));
    expect(messageFor(LABELS.price)).toBe('Price is Required');
    expect(messageFor(LABELS.quantity)).toBe('Quantity is Required');
    expect(messageFor(LABELS.minimum)).toBe('Quantity is Required');
    expect(messageFor(LABELS.photo)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps one field’s message off the others', async () => {
    const { set, submit } = setup();
    await set(LABELS.price, '1.234');
    await set(LABELS.quantity, '2.5');
    await submit();
    await waitFor(() => expect(messageFor(LABELS.price)).toBe(productMessages.priceInvalid));
    expect(messageFor(LABELS.quantity)).toBe(productMessages.quantityInvalid);
    expect(messageFor(LABELS.description)).toBeNull();
    expect(messageFor(LABELS.minimum)).toBeNull();
  });

  it('says only what is still wrong once the other fields are filled again', async () => {
    const { set, submit, onSubmit } = setup();
    await set(LABELS.minimum, '');
    await set(LABELS.price, '1.234');
    await set(LABELS.quantity, '7');
    await submit();
    await waitFor(() => expect(messageFor(LABELS.price)).toBe(productMessages.priceInvalid));
    expect(messageFor(LABELS.minimum)).toBe('Quantity is Required');
    expect(messageFor(LABELS.description)).toBeNull();
    expect(messageFor(LABELS.quantity)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['abc', '-1'])('refuses the price %s', async (price) => {
    const { set, submit, onSubmit } = setup();
    await set(LABELS.price, price);
    await submit();
    await waitFor(() => expect(messageFor(LABELS.price)).toBe(productMessages.priceInvalid));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the changes, with no photo unless a new one was chosen', async () => {
    const { set, submit, onSubmit, user, field } = setup();
    await set(LABELS.price, '15');
    await set(LABELS.minimum, '6');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      decreption: 'Sintered pads',
      price: 1500,
      quantity: 40,
      minimum: 6,
      category: 'Brakes',
      brand: 'Ferodo',
      partNumber: 'FDB2012P',
      oemNumbers: [],
      fitment: { universal: false, vehicles: [] },
      image: undefined,
      morePhotos: [],
      quantityPrices: [],
    });
    expect(field(LABELS.price)).toHaveValue('15');

    await user.upload(field(LABELS.photo), photoFile('new.png'));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0].image).toMatchObject({ name: 'new.png' });
    await waitFor(() => expect((field(LABELS.photo) as HTMLInputElement).value).toBe(''));
  });

  it("puts the shop's field messages under their own fields", async () => {
    const { submit, onSubmit } = setup();
    onSubmit.mockResolvedValue({ saved: false, fieldErrors: { minimum: ['Enter a whole number from 1'], price: ['That number is too large'] } });
    await submit();
    await waitFor(() => expect(messageFor(LABELS.minimum)).toBe('Enter a whole number from 1'));
    expect(messageFor(LABELS.price)).toBe('That number is too large');
    expect(messageFor(LABELS.quantity)).toBeNull();
  });
});
