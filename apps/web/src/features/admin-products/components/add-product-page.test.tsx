import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { messageFor } from '@/test/field-message';
import { jsonResponse, photoFile, stubImageUploads, UPLOADED_IMAGE_URL } from '@/test/image-upload-stub';
import { stubFetch } from '@/test/fetch-stub';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { AddProductPage } from './add-product-page';

describe('AddProductPage', () => {
  const fetchMock = stubFetch();

  async function fillAndSubmit(before?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>) {
    // The shop's categories, as the Category select lists them.
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['categories'], [
      { _id: 'c'.repeat(24), name: 'Filters', count: 3 },
      { _id: 'd'.repeat(24), name: 'Other', count: 0 },
    ]);
    renderWithProviders(
      <>
        <AddProductPage />
        <ToastContainer />
      </>,
      { queryClient },
    );
    // Cached catalogue views the new product makes out of date.
    queryClient.setQueryData(['products', { page: 0, size: 6 }], []);
    queryClient.setQueryData(['productCount'], { count: 0 });
    const user = userEvent.setup();
    // Pasted: one change per field rather than one per key, each of which re-renders the whole form.
    for (const [label, value] of [
      ['Name', 'Chain Kit'],
      ['Decreption', 'O-ring chain and sprockets'],
      ['Price', '12.5'],
      ['Quantity', '40'],
      ['Minimum', '4'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.selectOptions(screen.getByLabelText('Category'), 'Filters');
    await user.upload(screen.getByLabelText(/^Image/), photoFile());
    await before?.(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    return { queryClient };
  }

  it("uploads the photo, adds the product in dollars with the photo's path, and says 'Product added successfully'", async () => {
    const uploads = stubImageUploads();
    fetchMock.mockResolvedValue(jsonResponse({ acknowledged: true, insertedId: 'a'.repeat(24) }, 201));
    const { queryClient } = await fillAndSubmit();

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/products');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Chain Kit',
      fitment: { universal: false, vehicles: [] },
      decreption: 'O-ring chain and sprockets',
      price: 12.5,
      quantity: 40,
      minimum: 4,
      category: 'Filters',
      brand: '',
      partNumber: '',
      oemNumbers: [],
      img: UPLOADED_IMAGE_URL,
    });
    expect(queryClient.getQueryState(['products', { page: 0, size: 6 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['productCount'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByRole('status')).toHaveTextContent('Chain Kit is in the shop. View Chain Kit in the shop');
    expect(screen.getByRole('link', { name: 'View Chain Kit in the shop' })).toHaveAttribute('href', `/parts/${'a'.repeat(24)}`);
  });

  it("says 'Failed to Add this Product' with the shop's reasons under the fields, and reuses the uploaded photo on retry", async () => {
    const uploads = stubImageUploads();
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: 'VALIDATION', message: 'Invalid product', fieldErrors: { name: ['Must be at most 120 characters'] } }, requestId: 'r1' }, 422),
    );
    await fillAndSubmit();

    expect(await screen.findByText('Failed to Add this Product')).toBeInTheDocument();
    expect(messageFor('Name')).toBe('Must be at most 120 characters');
    expect(screen.queryByText('Product added successfully')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Chain Kit');
    expect(screen.queryByRole('link', { name: /in the shop$/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(uploads.sent).toHaveLength(1);
  });

  it('shows why the photo could not be uploaded, and adds nothing', async () => {
    stubImageUploads({
      answer: { status: 415, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image' }, requestId: 'r2' } },
    });
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG, WebP, GIF or AVIF image');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Failed to Add this Product')).not.toBeInTheDocument();
  });

  it('shows the progress while the photo uploads, with the button busy', async () => {
    const uploads = stubImageUploads({ hold: true });
    fetchMock.mockResolvedValue(jsonResponse({ acknowledged: true, insertedId: 'b'.repeat(24) }, 201));
    await fillAndSubmit();

    expect(await screen.findByRole('progressbar', { name: 'Uploading image' })).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    uploads.release();
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading image' })).not.toBeInTheDocument();
  });

  it("sends the 'Quantity prices' rows in dollars, and shows the shop's refusal under the row's own field", async () => {
    stubImageUploads();
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: { code: 'VALIDATION', message: 'Invalid product', fieldErrors: { 'quantityPrices.1.price': ['A quantity price must be below the list price'] } }, requestId: 'r3' },
        422,
      ),
    );
    await fillAndSubmit(async (user) => {
      for (const [from, price] of [
        ['10', '11.25'],
        ['50', '9.9'],
      ] as const) {
        await user.click(screen.getByRole('button', { name: 'Add a quantity price' }));
        const froms = screen.getAllByLabelText('From quantity');
        const prices = screen.getAllByLabelText(/^Unit price/);
        await user.click(froms.at(-1)!);
        await user.paste(from);
        await user.click(prices.at(-1)!);
        await user.paste(price);
      }
    });
    expect(await screen.findByText('Failed to Add this Product')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body)).quantityPrices).toEqual([
      { from: 10, price: 11.25 },
      { from: 50, price: 9.9 },
    ]);
    const secondPrice = screen.getAllByLabelText(/^Unit price/)[1]!;
    expect(secondPrice).toHaveAccessibleDescription(/A quantity price must be below the list price/);
    expect(screen.getAllByLabelText(/^Unit price/)[0]).not.toHaveAccessibleDescription(/below the list price/);
  });
});
