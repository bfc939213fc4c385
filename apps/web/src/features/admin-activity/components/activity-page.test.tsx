import { activityMessages, type ActivityEntry, type ActivityPage as ActivityAnswer } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ActivityPage } from './activity-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PART_ID = 'a'.repeat(24);
const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  _id: '1',
  createdAt: '2026-11-27T15:05:00.000Z',
  actor: { id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
  action: 'product.updated',
  record: { type: 'product', id: PART_ID, label: 'Brake Pad Set' },
  changes: [],
  summary: null,
  ...overrides,
});

const priceChange = entry({
  _id: '3',
  changes: [
    { field: 'price', before: 10, after: 12 },
    { field: 'quantity', before: 4, after: 9 },
  ],
});
const shipment = entry({
  _id: '2',
  createdAt: '2026-11-26T09:30:00.000Z',
  actor: { id: 'u2', name: 'Sam Staff', email: 'sam@example.com', role: 'staff' },
  action: 'order.shipped',
  record: { type: 'order', id: 'o1', label: 'Order #10023' },
  changes: [{ field: 'status', before: 'paid', after: 'shipped' }],
});
const importEntry = entry({ _id: '1', action: 'catalogue.imported', record: { type: 'catalogue', id: 'import', label: 'Catalogue import' }, summary: '12 added, 3 changed' });

describe('ActivityPage', () => {
  const fetchMock = stubFetch();
  const activityCalls = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/activity'));

  /** The shop: its settings (New York time), and the log's pages; `refuse` answers every activity call with a 400. */
  function renderPage({ pages = [{ entries: [priceChange, shipment, importEntry], more: false, page: 0 }], refuse }: { pages?: ActivityAnswer[]; refuse?: Record<string, string[]> } = {}) {
    fetchMock.mockImplementation(async (url) => {
      const asked = String(url);
      if (asked === '/api/settings') return json({ shopName: 'Moto Parts', country: 'US', pricesIncludeTax: false, cutoff: '14:00', timeZone: 'America/New_York', returnWindowDays: 30 });
      if (refuse) return json({ error: { code: 'BAD_REQUEST', message: 'Invalid querystring', fieldErrors: refuse }, requestId: 'r1' }, 400);
      const page = Number(new URL(asked, 'http://shop').searchParams.get('page'));
      return json(pages[page] ?? { entries: [], more: false, page });
    });
    renderWithProviders(<ActivityPage />, { route: '/dashbord/activity' });
    return userEvent.setup();
  }

  it('lists when (shop time), who with their role, the action, the record and each change before and after', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // 15:05 UTC is 10:05 in New York.
    await waitFor(() => expect(cells(rows[0]!)[0]).toBe('27 Nov 2026, 10:05'));
    expect(cells(rows[0]!).slice(1)).toEqual(['Ada AdminAdmin', 'Part changed', 'Brake Pad Set', 'price: $10.00 -> $12.00quantity: 4 -> 9']);
    expect(within(rows[0]!).getByRole('link', { name: 'Brake Pad Set' })).toHaveAttribute('href', `/dashbord/updateproducts/${PART_ID}`);
    expect(cells(rows[1]!).slice(1)).toEqual(['Sam StaffStaff', 'Order shipped', 'Order #10023', 'status: paid -> shipped']);
    expect(cells(rows[2]!).slice(1)).toEqual(['Ada AdminAdmin', 'Catalogue imported', 'Catalogue import', '12 added, 3 changed']);
    expect(activityCalls()).toEqual(['/api/activity?page=0']);
  });

  it('asks by person, action and days together, and by the words searched for', async () => {
    const user = renderPage();
    await screen.findAllByTestId('activity-row');
    await user.type(screen.getByLabelText('Person'), ' sam@example.com ');
    await user.selectOptions(screen.getByLabelText('Action'), 'Order shipped');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    // Nothing is asked until the filters are applied.
    expect(activityCalls()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(activityCalls().at(-1)).toBe('/api/activity?person=sam%40example.com&action=order.shipped&from=2026-11-01&to=2026-11-30&page=0'));

    await user.type(screen.getByRole('searchbox', { name: 'Search the activity' }), 'brake{Enter}');
    await waitFor(() => expect(activityCalls().at(-1)).toBe('/api/activity?person=sam%40example.com&action=order.shipped&from=2026-11-01&to=2026-11-30&q=brake&page=0'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(activityCalls().at(-1)).toBe('/api/activity?q=brake&page=0'));
    expect(screen.getByLabelText('Person')).toHaveValue('');
  });

  it("shows the shop's refusal under the filter it names", async () => {
    renderPage({ refuse: { from: [activityMessages.reversed] } });
    const from = screen.getByLabelText('From');
    expect(await screen.findByText(activityMessages.reversed)).toBeInTheDocument();
    expect(from).toHaveAccessibleDescription(activityMessages.reversed);
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Change the filters above to see the activity.')).toBeInTheDocument();
  });

  it('pages on while an older page follows, and back', async () => {
    const user = renderPage({
      pages: [
        { entries: [priceChange, shipment], more: true, page: 0 },
        { entries: [importEntry], more: false, page: 1 },
      ],
    });
    await screen.findAllByTestId('activity-row');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(activityCalls().at(-1)).toBe('/api/activity?page=1');
    // Rows are counted across pages.
    expect(within(screen.getByTestId('activity-row')).getByRole('rowheader')).toHaveTextContent('51');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
  });

  it('says when the log is empty', async () => {
    renderPage({ pages: [] });
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
  });
});
