import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { buildProduct, buildSession } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { PartPage } from './part-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('PartPage', () => {
  const fetchMock = stubFetch();
  const renderPage = (id: string) => renderWithProviders(<PartPage productId={id} notFound={<p>Not found here</p>} />);

  it("shows everything about the part, its name as the only h1, and buys the chosen quantity", async () => {
    const part = buildProduct({
      name: 'Spin-On Oil Filter, 65 mm',
      brand: 'HiFlo',
      partNumber: 'HF204',
      category: 'Filters',
      oemNumbers: ['15410-MFJ-D01', '5GH-13440-00'],
      price: 8.99,
      quantity: 260,
      minimum: 2,
    });
    fetchMock.mockResolvedValue(json(part));
    renderPage(part._id);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Spin-On Oil Filter, 65 mm');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Spin-On Oil Filter, 65 mm' })).toBeInTheDocument();
    expect(screen.getByTestId('part-brand')).toHaveTextContent('HiFlo');
    expect(screen.getByText('Part number: HF204')).toBeInTheDocument();
    expect(screen.getByText('Replaces OEM: 15410-MFJ-D01, 5GH-13440-00')).toBeInTheDocument();
    expect(screen.getByTestId('part-price')).toHaveTextContent('$8.99');
    expect(screen.getByText('Available: 260')).toBeInTheDocument();
    expect(screen.getByText('Minimum order: 2')).toBeInTheDocument();
    const breadcrumb = within(screen.getByRole('navigation', { name: 'Where this part is in the shop' }));
    expect(breadcrumb.getByRole('link', { name: 'Filters' })).toHaveAttribute('href', '/search?category=Filters');
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue(2);
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute('href', `/purchase/${part._id}?quantity=2`);
    fireEvent.change(quantity, { target: { value: '6' } });
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute('href', `/purchase/${part._id}?quantity=6`);
    // More than the shop takes on one line: the link starts from the minimum again.
    fireEvent.change(quantity, { target: { value: '1000001' } });
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute('href', `/purchase/${part._id}?quantity=2`);
  });

  it("shows a workshop 'Your trade price' with the list price, and everyone the part's quantity prices", async () => {
    const quantityPrices = [
      { from: 10, price: 7.5 },
      { from: 50, price: 6.9 },
    ];
    fetchMock.mockResolvedValue(json(buildProduct({ price: 7.64, listPrice: 8.99, quantityPrices })));
    const { unmount } = renderPage('a'.repeat(24));
    expect(await screen.findByText('Your trade price')).toBeInTheDocument();
    expect(screen.getByTestId('part-price')).toHaveTextContent('$7.64');
    expect(screen.getByText('List price $8.99')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Quantity prices' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['From quantity', 'Unit price']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['10$7.50', '50$6.90']);
    unmount();

    // A visitor: the list price alone, the same quantity prices; none without them.
    fetchMock.mockResolvedValue(json(buildProduct({ price: 8.99, quantityPrices })));
    const visitor = renderPage('b'.repeat(24));
    expect(await screen.findByTestId('part-price')).toHaveTextContent('$8.99');
    expect(screen.queryByText('Your trade price')).not.toBeInTheDocument();
    expect(screen.queryByText(/^List price/)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Quantity prices' })).toBeInTheDocument();
    visitor.unmount();
    fetchMock.mockResolvedValue(json(buildProduct({ price: 8.99 })));
    renderPage('c'.repeat(24));
    expect(await screen.findByTestId('part-price')).toHaveTextContent('$8.99');
    expect(screen.queryByRole('table', { name: 'Quantity prices' })).not.toBeInTheDocument();
  });

  it("says 'Out OF Stock.' and why, with no way to buy, below the minimum", async () => {
    const part = buildProduct({ quantity: 3, minimum: 5, oemNumbers: [] });
    fetchMock.mockResolvedValue(json(part));
    renderPage(part._id);
    expect(await screen.findByText('Out OF Stock.')).toBeInTheDocument();
    expect(screen.getByText('Only 3 left; minimum order 5.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Purchase' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Replaces OEM/)).not.toBeInTheDocument();
  });

  it("offers a visitor to sign in to be told when an out-of-stock part is back", async () => {
    const part = buildProduct({ quantity: 0, minimum: 1 });
    fetchMock.mockResolvedValue(json(part));
    renderPage(part._id);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/singin');
    expect(screen.getByText('to be emailed when this part is back in stock.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });

  it("lets a signed-in customer ask 'Notify me' and withdraw it", async () => {
    const part = buildProduct({ quantity: 0, minimum: 1 });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    let subscribed = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/auth/get-session')) return json(buildSession());
      if (url.endsWith('/notify')) {
        if (init?.method === 'PUT') subscribed = true;
        if (init?.method === 'DELETE') subscribed = false;
        return json({ subscribed });
      }
      if (url.endsWith('/fitment')) return json({ universal: false, vehicles: [] });
      if (url.includes('/reviews')) return json({ reviews: [], total: 0, average: 0 });
      if (url.includes(`/products/${part._id}`)) return json(part);
      // The signed-in customer's garage and cart, and the part's reviews: none here.
      return json(url.includes('/cart') ? { lines: [], total: 0 } : []);
    });
    renderWithProviders(
      <>
        <PartPage productId={part._id} notFound={<p>Not found here</p>} />
        <ToastContainer />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('We will email you when it is back in stock.')).toBeInTheDocument();
    expect(screen.getByText('We will email you once, when this part is back in stock.')).toBeInTheDocument();
    expect(subscribed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Stop notifying me' }));
    expect(await screen.findByRole('button', { name: 'Notify me' })).toBeInTheDocument();
    expect(subscribed).toBe(false);
  });

  it("shows the shop's not-found page for an unknown or malformed id", async () => {
    fetchMock.mockResolvedValue(json({ error: { code: 'NOT_FOUND', message: 'Product was not found' }, requestId: 'r' }, 404));
    renderPage('f'.repeat(24));
    expect(await screen.findByText('Not found here')).toBeInTheDocument();
  });
});
