import { productMessages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubmitOutcome } from '@/lib/field-errors';
import { messageFor } from '@/test/field-message';
import { renderWithProviders } from '@/test/render';
import { photoFile } from '@/test/image-upload-stub';
import type { AddProductFormValues } from '../product-form-schemas';
import { AddProductForm, type AddProductFormProps } from './add-product-form';

function setup(props: Partial<AddProductFormProps> = {}) {
  const onSubmit = vi.fn<(values: AddProductFormValues) => Promise<SubmitOutcome>>().mockResolvedValue({ saved: true });
  const user = userEvent.setup();
  renderWithProviders(<AddProductForm onSubmit={onSubmit} upload={{ progress: null, error: null }} categories={['Brakes', 'Filters', 'Other']} {...props} />);
  const field = (label: string | RegExp) => screen.getByLabelText(label);
  /**
   * Each value is pasted into the emptied field: one change instead of one per key, each of which
   * re-rendered the whole form (most of these tests' time). The form checks the value a field
   * holds, not the keys that made it.
   */
  const fill = async (values: Partial<Record<'Name' | 'Decreption' | 'Price' | 'Quantity' | 'Minimum', string>>) => {
    for (const [label, value] of Object.entries(values)) {
      await user.clear(field(label));
      if (value !== '') await user.paste(value);
    }
  };
  const fillValid = async () => {
    await fill({ Name: 'Chain Kit', Decreption: 'O-ring chain and sprockets', Price: '12.99', Quantity: '40', Minimum: '4' });
    await user.selectOptions(field('Category'), 'Brakes');
    await user.upload(field(/^Image/), photoFile());
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Add Product' }));
  return { user, onSubmit, field, fill, fillValid, submit };
}

describe('AddProductForm', () => {
  it("is SPEC's 'Add new Product' form with a visible label on every field", () => {
    const { field } = setup();
    expect(screen.getByRole('form', { name: 'Add new Product' })).toHaveAttribute('novalidate');
    expect(field('Name')).toHaveAttribute('type', 'text');
    expect(field('Decreption').tagName).toBe('TEXTAREA');
    expect(field('Price')).toHaveAttribute('type', 'text');
    expect(field('Quantity')).toHaveAttribute('type', 'number');
    expect(field('Minimum')).toHaveAttribute('type', 'number');
    expect(field(/^Image/)).toHaveAttribute('type', 'file');
  });

  it("shows SPEC's message under every empty field, not only the name", async () => {
    const { onSubmit, submit } = setup();
    await submit();
    await waitFor(() => expect(messageFor('Name')).toBe('Name is Required'));
    expect(messageFor('Decreption')).toBe('decreption is Required');
    expect(messageFor('Price')).toBe('price is Required');
    expect(messageFor('Quantity')).toBe('Quantity is Required');
    expect(messageFor('Minimum')).toBe('Quantity is Required');
    expect(messageFor(/^Image/)).toBe('Image is Required');
    expect(messageFor('Category')).toBe('Category is Required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for a category: none is chosen at first, 'Other' among the choices", async () => {
    const { field, fillValid, submit, onSubmit, user } = setup();
    expect(field('Category')).toHaveValue('');
    expect(within(field('Category')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a category', 'Brakes', 'Filters', 'Other']);
    await fillValid();
    await user.selectOptions(field('Category'), 'Choose a category');
    await submit();
    await waitFor(() => expect(messageFor('Category')).toBe('Category is Required'));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.selectOptions(field('Category'), 'Other');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].category).toBe('Other');
  });

  it("warns, without stopping the form, that a stock below the minimum shows the part as out of stock", async () => {
    const { fill, fillValid, submit, onSubmit, field } = setup();
    await fillValid();
    expect(field('Quantity')).not.toHaveAccessibleDescription(/out of stock/);
    await fill({ Quantity: '2' });
    expect(field('Quantity')).toHaveAccessibleDescription('in stock 2 in stock is below the minimum order of 4: the part will show as out of stock.');
    await fill({ Minimum: '2' });
    expect(field('Quantity')).toHaveAccessibleDescription('in stock');
    await fill({ Quantity: '0' });
    expect(screen.getByText('0 in stock is below the minimum order of 2: the part will show as out of stock.')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ quantity: 0, minimum: 2 });
  });

  it("says to use a dot when a price has a comma, as it is typed and when the form is sent", async () => {
    const { fill, fillValid, submit, onSubmit, field } = setup();
    await fillValid();
    await fill({ Price: '12,50' });
    expect(field('Price')).toHaveAccessibleDescription('in dollars, e.g. 12.99 Prices take no comma: use a dot, as in 12.50');
    await submit();
    await waitFor(() => expect(messageFor('Price')).toBe('Prices take no comma: use a dot, as in 12.50'));
    expect(screen.getAllByText(/use a dot/)).toHaveLength(1);
    await fill({ Price: '1,234' });
    await waitFor(() => expect(messageFor('Price')).toBe('Prices take no comma: use a dot, as in 12.99'));
    expect(onSubmit).not.toHaveBeenCalled();
    await fill({ Price: '12.50' });
    await waitFor(() => expect(messageFor('Price')).toBeNull());
    expect(screen.queryByText(/use a dot/)).not.toBeInTheDocument();
  });

  it.each(['abc', '1.234', '-1', '0'])('refuses the price %s', async (price) => {
    const { fillValid, fill, submit, onSubmit } = setup();
    await fillValid();
    await fill({ Price: price });
    await submit();
    await waitFor(() => expect(messageFor('Price')).toBe(productMessages.priceInvalid));
    expect(messageFor('Name')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('wants whole numbers: stock from 0, minimum from 1', async () => {
    const { fillValid, fill, submit, onSubmit } = setup();
    await fillValid();
    await fill({ Quantity: '2.5', Minimum: '0' });
    await submit();
    await waitFor(() => expect(messageFor('Quantity')).toBe(productMessages.quantityInvalid));
    expect(messageFor('Minimum')).toBe(productMessages.minimumInvalid);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the checked values with the chosen photo, category, brand and numbers, then clears the form', async () => {
    const { fillValid, submit, onSubmit, field, user } = setup();
    await fillValid();
    await user.selectOptions(field('Category'), 'Filters');
    await user.type(field('Brand'), 'HiFlo');
    await user.type(field(/^Part number/), 'HF-204');
    await user.type(field(/^OEM numbers/), '15410-MFJ-D01, 5GH-13440-00,');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Chain Kit',
      fitment: { universal: false, vehicles: [] },
      decreption: 'O-ring chain and sprockets',
      price: 1299,
      quantity: 40,
      minimum: 4,
      category: 'Filters',
      brand: 'HiFlo',
      partNumber: 'HF-204',
      oemNumbers: ['15410-MFJ-D01', '5GH-13440-00'],
      image: expect.objectContaining({ name: 'part.png' }),
      morePhotos: [],
      quantityPrices: [],
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Category')).toHaveValue('');
    expect(field('Price')).toHaveValue('');
    expect((field(/^Image/) as HTMLInputElement).value).toBe('');
  });

  it("puts the shop's field messages under their fields and keeps what was typed", async () => {
    const { fillValid, submit, onSubmit, field } = setup();
    onSubmit.mockResolvedValue({ saved: false, fieldErrors: { name: ['Must be at most 120 characters'], img: ['Please upload the image again'] } });
    await fillValid();
    await submit();
    await waitFor(() => expect(messageFor('Name')).toBe('Must be at most 120 characters'));
    expect(messageFor(/^Image/)).toBe('Please upload the image again');
    expect(field('Name')).toHaveValue('Chain Kit');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says the shop's reason when no field explains a refusal", async () => {
    const { fillValid, submit, onSubmit } = setup();
    onSubmit.mockResolvedValue({ saved: false, message: 'This needs an admin account' });
    await fillValid();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This needs an admin account');
  });

  it("shows the photo's upload progress and why an upload failed", () => {
    const { rerender } = renderWithProviders(<AddProductForm onSubmit={vi.fn()} upload={{ progress: 0.5, error: null }} categories={['Other']} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading image' })).toHaveAttribute('value', '50');
    rerender(<AddProductForm onSubmit={vi.fn()} upload={{ progress: null, error: 'The image is larger than 5 MB. Please choose a smaller one.' }} categories={['Other']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 5 MB');
  });

  it("checks the 'Quantity prices' rows by the shared rules, each message under its row's field, and removes a row", async () => {
    const { user, fillValid, submit, onSubmit } = setup();
    await fillValid();
    const rows = () => within(screen.getByRole('list', { name: 'Quantity prices of this part' })).queryAllByRole('listitem');
    expect(screen.getByText('No quantity prices: every piece sells at the list price.')).toBeInTheDocument();
    const addRow = async (from: string, price: string) => {
      await user.click(screen.getByRole('button', { name: 'Add a quantity price' }));
      const row = within(rows().at(-1)!);
      if (from) {
        await user.click(row.getByLabelText('From quantity'));
        await user.paste(from);
      }
      if (price) {
        await user.click(row.getByLabelText(/^Unit price/));
        await user.paste(price);
      }
    };
    await addRow('1', '9.50');
    await addRow('10', '');
    await submit();
    const field = (index: number, label: string | RegExp) => within(rows()[index]!).getByLabelText(label);
    await waitFor(() => expect(field(0, 'From quantity')).toHaveAccessibleDescription(productMessages.quantityFromInvalid));
    expect(field(1, /^Unit price/)).toHaveAccessibleDescription(/Enter a price above 0 with at most 2 decimals/);
    expect(onSubmit).not.toHaveBeenCalled();

    // Across the rows once each row reads: each below the list price, in order, cheaper as they go.
    await user.click(screen.getByRole('button', { name: 'Remove quantity price 1' }));
    await user.click(field(0, /^Unit price/));
    await user.paste('13.50');
    await addRow('5', '9.00');
    await submit();
    await waitFor(() => expect(field(0, /^Unit price/)).toHaveAccessibleDescription(/A quantity price must be below the list price/));
    expect(field(1, 'From quantity')).toHaveAccessibleDescription(/List quantity prices from the smallest quantity up/);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field(0, /^Unit price/));
    await user.paste('10.50');
    await user.clear(field(1, 'From quantity'));
    await user.paste('50');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0].quantityPrices).toEqual([
      { from: 10, price: 1050 },
      { from: 50, price: 900 },
    ]);
  });
});
