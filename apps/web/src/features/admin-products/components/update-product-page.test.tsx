import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { productMessages, type StockHistory } from '@shop/shared';
import { buildProduct } from '@/test/fixtures';
import { jsonResponse, photoFile, stubImageUploads, UPLOADED_IMAGE_URL } from '@/test/image-upload-stub';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { UpdateProductPage } from './update-product-page';

const product = buildProduct({ name: 'Brake Pad Set', decreption: 'Sintered pads', price: 12.5, quantity: 40, minimum: 4, quantityPrices: [{ from: 10, price: 11 }] });

describe('UpdateProductPage', () => {
  const fetchMock = stubFetch();
  /** The part's pages, its 'Stock history' answered from `history` (by page) unless a test says otherwise. */
  let history: Record<number, StockHistory>;
  const emptyHistory = (): StockHistory => ({ productId: product._id, stock: product.quantity, movements: [], more: false, page: 0 });
  const answerParts = (answer: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
    fetchMock.mockImplementation(async (url, init) => {
      const asked = String(url);
      if (asked.startsWith(`/api/products/${product._id}/stock-history`)) return jsonResponse(history[Number(new URL(asked, 'http://shop').searchParams.get('page'))] ?? emptyHistory());
      return answer(url, init);
    });
  beforeEach(() => {
    history = {};
  });

  const renderPage = (id = product._id) =>
    renderWithProviders(
      <>
        <UpdateProductPage productId={id} />
        <ToastContainer />
      </>,
    );

  const categories = [
    { _id: 'c'.repeat(24), name: 'Brakes', count: 3 },
    { _id: 'd'.repeat(24), name: 'Other', count: 0 },
  ];
  const noFitment = { universal: false, vehicles: [] };
  const answerWith = (put: Response) =>
    answerParts(async (url, init) =>
      init?.method === 'PUT'
        ? put
        : String(url) === '/api/categories'
          ? jsonResponse(categories)
          : String(url).endsWith('/fitment')
            ? jsonResponse(noFitment)
            : jsonResponse(product),
    );

  it("loads the product, saves the changes and says 'Product Updated'", async () => {
    answerWith(jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }));
    renderPage();
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/products/${product._id}`);
    await user.clear(quantity);
    await user.type(quantity, '25');
    // The stored quantity prices, as rows; a second one added.
    expect(screen.getByLabelText('From quantity')).toHaveValue(10);
    expect(screen.getByLabelText(/^Unit price/)).toHaveValue('11.00');
    await user.click(screen.getByRole('button', { name: 'Add a quantity price' }));
    await user.click(screen.getAllByLabelText('From quantity')[1]!);
    await user.paste('50');
    await user.click(screen.getAllByLabelText(/^Unit price/)[1]!);
    await user.paste('9.95');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe(`/api/product/${product._id}`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      decreption: 'Sintered pads',
      price: 12.5,
      quantity: 25,
      quantitySeen: 40,
      minimum: 4,
      category: 'Brakes',
      brand: 'Ferodo',
      partNumber: 'FDB2012P',
      oemNumbers: [],
      fitment: noFitment,
      quantityPrices: [
        { from: 10, price: 11 },
        { from: 50, price: 9.95 },
      ],
    });
  });

  it('when the stock moved while the form was open, says so under Quantity and saves from the new stock on the next try', async () => {
    const message = productMessages.stockChanged(30);
    const puts: unknown[] = [];
    let shelf = 40;
    answerParts(async (url, init) => {
      if (String(url) === '/api/categories') return jsonResponse(categories);
      if (String(url).endsWith('/fitment')) return jsonResponse(noFitment);
      if (init?.method !== 'PUT') return jsonResponse({ ...product, quantity: shelf });
      puts.push(JSON.parse(String(init.body)));
      if (puts.length === 1) {
        shelf = 30;
        return jsonResponse({ error: { code: 'STOCK_CHANGED', message, fieldErrors: { quantity: [message] } }, requestId: 'r1' }, 409);
      }
      return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    });
    renderPage();
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '60');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(quantity).toHaveValue(60);

    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    expect(puts).toEqual([
      expect.objectContaining({ quantity: 60, quantitySeen: 40 }),
      expect.objectContaining({ quantity: 60, quantitySeen: 30 }),
    ]);
  });

  it('sends the new photo when one was chosen', async () => {
    stubImageUploads();
    answerWith(jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }));
    renderPage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(/^New Photo/), photoFile());
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ img: UPLOADED_IMAGE_URL });
  });

  it("says it failed, and never 'Product Updated', when the shop refuses", async () => {
    answerWith(jsonResponse({ error: { code: 'INTERNAL', message: 'The shop is not available right now.' }, requestId: 'r1' }, 503));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Update Product' }));

    expect(await screen.findByText('Failed to Update this Product')).toBeInTheDocument();
    expect(screen.getByText('The shop is not available right now.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Product Updated')).not.toBeInTheDocument());
  });

  it('says so when there is no product with this id', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'NOT_FOUND', message: 'Product not found' }, requestId: 'r2' }, 404));
    renderPage('f'.repeat(24));
    expect(await screen.findByText('There is no product with this id. It may have been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Manage Products' })).toHaveAttribute('href', '/dashbord/manageProducts');
    expect(screen.queryByRole('link', { name: 'View in shop' })).not.toBeInTheDocument();
  });

  it("links to the part's page in the shop, beside the way back to Manage Products", async () => {
    answerWith(jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'View in shop' })).toHaveAttribute('href', `/parts/${product._id}`);
    expect(screen.getByRole('link', { name: 'Back to Manage Products' })).toHaveAttribute('href', '/dashbord/manageProducts');
  });

  it('sends every photo in order, the image first, once the more photos changed', async () => {
    const photo = (letter: string) => `/images/${letter.repeat(32)}.webp`;
    const withPhotos = { ...product, img: photo('a'), images: [photo('a'), photo('b'), photo('c')] };
    answerParts(async (url, init) =>
      init?.method === 'PUT'
        ? jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 })
        : String(url) === '/api/categories'
          ? jsonResponse(categories)
          : String(url).endsWith('/fitment')
            ? jsonResponse(noFitment)
            : jsonResponse(withPhotos),
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('img', { name: 'More photo 2' })).toHaveAttribute('src', photo('c'));
    await user.click(screen.getByRole('button', { name: 'Remove more photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ images: [photo('a'), photo('c')] });
    expect(JSON.parse(String(put?.[1]?.body))).not.toHaveProperty('img');
  });

  it("shows the part's 'Stock history' newest first with the server's reasons, pages on, and refreshes it when a save changes the stock", async () => {
    const movement = (id: string, change: number, stockAfter: number, reason: string, createdAt: string) => ({ _id: id, change, stockAfter, reason, createdAt });
    history = {
      0: {
        productId: product._id,
        stock: 40,
        movements: [movement('3', -2, 40, 'Order #10023 placed', '2026-11-27T10:00:00.000Z'), movement('2', 5, 42, 'Set by Ada Admin', '2026-11-26T09:00:00.000Z')],
        more: true,
        page: 0,
      },
      1: { productId: product._id, stock: 40, movements: [movement('1', 37, 37, 'Import', '2026-11-20T08:00:00.000Z')], more: false, page: 1 },
    };
    answerWith(jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }));
    renderPage();
    const user = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'Stock history' }));
    const rows = await section.findAllByTestId('stock-movement');
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['-2', '40', 'Order #10023 placed'],
      ['+5', '42', 'Set by Ada Admin'],
    ]);

    await user.click(section.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(section.getAllByTestId('stock-movement').map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual(['Import']));
    expect(section.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(section.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(section.getAllByTestId('stock-movement')).toHaveLength(2));

    // The form sets the stock: the history asks again and shows the new movement first.
    history[0] = { ...history[0]!, stock: 25, movements: [movement('4', -15, 25, 'Set by Ada Admin', '2026-11-28T10:00:00.000Z'), ...history[0]!.movements] };
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    await waitFor(() => expect(within(section.getAllByTestId('stock-movement')[0]!).getAllByRole('cell')[1]).toHaveTextContent('-15'));
  });

  it("says so when a part's stock has not moved yet", async () => {
    answerWith(jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }));
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Stock history' }));
    expect(await section.findByText('No stock changes yet.')).toBeInTheDocument();
  });
});
