import { lastDays } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { SalesPage } from './sales-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const NOW = new Date('2026-03-04T15:00:00Z');
const zero = { paidOrders: 0, paid: 0, refundedOrders: 0, refunded: 0, net: 0, tax: 0 };

describe('SalesPage', () => {
  const fetchMock = stubFetch();
  const calls = () => fetchMock.mock.calls.map(([url]) => String(url).replace(/^.*\/api/, ''));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  function renderPage(route = '/dashbord/sales') {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      const { from, to } = Object.fromEntries(new URL(path, 'http://shop.test').searchParams);
      if (path.includes('/sales/revenue'))
        return json({
          from,
          to,
          days: [
            { day: '2026-03-03', paidOrders: 3, paid: 80, refundedOrders: 1, refunded: 10, net: 70, tax: 5.43 },
            { day: '2026-03-04', ...zero },
          ],
          totals: { paidOrders: 3, paid: 80, refundedOrders: 1, refunded: 10, net: 70, tax: 5.43 },
        });
      if (path.includes('/sales/statuses'))
        return json({ from, to, statuses: [{ status: 'waiting', orders: 1 }, { status: 'paid', orders: 4 }, { status: 'shipped', orders: 1 }, { status: 'cancelled', orders: 0 }, { status: 'refunded', orders: 1 }] });
      if (path.includes('/sales/best-sellers')) return json({ from, to, parts: [{ productId: 'c'.repeat(24), name: 'Chain Kit 520', partNumber: 'CK-520', quantity: 15, revenue: 60 }] });
      if (path.includes('/sales/low-stock'))
        return json({
          from,
          to,
          parts: [
            { productId: 'd'.repeat(24), name: 'Brake Pads', partNumber: 'BP-1', quantity: 1, minimum: 2, sold: 0, daysLeft: 0 },
            { productId: 'c'.repeat(24), name: 'Chain Kit 520', partNumber: 'CK-520', quantity: 10, minimum: 5, sold: 15, daysLeft: 2 },
          ],
        });
      return json({}, 404);
    });
    renderWithProviders(<SalesPage />, { route });
    return userEvent.setup();
  }

  it('asks for the last 30 UTC days by default and shows the totals, each day, the statuses, best sellers and parts running low', async () => {
    renderPage();
    const { from, to } = lastDays(30, NOW);
    expect(from).toBe('2026-02-03');
    await waitFor(() => expect(calls()).toEqual(expect.arrayContaining(['revenue', 'statuses', 'best-sellers', 'low-stock'].map((call) => `/sales/${call}?from=${from}&to=${to}`))));
    expect(await screen.findByTestId('net-revenue')).toHaveTextContent('$70.00');
    const days = within(screen.getByRole('table', { name: 'Revenue per day' })).getAllByRole('row').slice(1);
    // Newest first.
    expect(days.map((row) => row.textContent)).toEqual(['4 Mar0$0.00$0.00$0.00', '3 Mar3$80.00$10.00$70.00']);
    const statuses = await screen.findByRole('table', { name: 'Orders by status' });
    expect(within(statuses).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Waiting for payment1', 'Paid4', 'Shipped1', 'Cancelled0', 'Refunded1']);
    const best = await screen.findByRole('table', { name: 'Ten best-selling parts' });
    expect(within(best).getByRole('link', { name: 'Chain Kit 520' })).toHaveAttribute('href', `/parts/${'c'.repeat(24)}`);
    expect(within(best).getAllByRole('row')[1]).toHaveTextContent('1Chain Kit 520CK-52015$60.00');
    const low = await screen.findByRole('table', { name: 'Parts running low' });
    expect(within(low).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1Brake Pads120Out of stock', '2Chain Kit 52010515In 2 days']);
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the revenue net of tax and the tax collected apart', async () => {
    renderPage();
    expect(await screen.findByTestId('net-revenue')).toHaveTextContent('$70.00');
    expect(screen.getByTestId('tax-collected')).toHaveTextContent('Tax $5.43 collected apart from the revenue, refunds taken off');
    expect(screen.getByText(/Revenue is what the parts sold for after discounts, without tax and delivery\./)).toBeInTheDocument();
  });

  it('keeps the range chosen in the address and asks again for it', async () => {
    const user = renderPage('/dashbord/sales?days=7');
    const week = lastDays(7, NOW);
    await waitFor(() => expect(calls()).toContain(`/sales/revenue?from=${week.from}&to=${week.to}`));
    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    const quarter = lastDays(90, NOW);
    expect(quarter.from).toBe('2025-12-05');
    await waitFor(() => expect(calls()).toContain(`/sales/best-sellers?from=${quarter.from}&to=${quarter.to}`));
    expect(screen.getByRole('radio', { name: 'Last 90 days' })).toHaveAttribute('aria-checked', 'true');
  });
});
