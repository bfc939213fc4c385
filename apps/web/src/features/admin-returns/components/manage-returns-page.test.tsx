import type { Return, ReturnsPage } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { signedInAs } from '@/test/viewer';
import { ManageReturnsPage } from './manage-returns-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let sequence = 0;
const buildReturn = (overrides: Partial<Return> = {}): Return => {
  const id = (++sequence).toString(16).padStart(24, '0');
  return {
    _id: id,
    orderId: `b${id.slice(1)}`,
    orderNumber: 10200 + sequence,
    purchaseId: `c${id.slice(1)}`,
    purchaseNumber: 10200 + sequence,
    productId: `d${id.slice(1)}`,
    toolName: 'Spark Plug',
    quantity: 1,
    orderQuantity: 4,
    reason: 'Damaged',
    comment: '',
    status: 'requested',
    statusText: 'Return requested',
    rejectReason: null,
    customerName: 'Pat Rider',
    email: 'pat@example.com',
    shareAmount: 12.99,
    refundableLeft: 60.68,
    refundAmount: null,
    restocked: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
};

const requested = buildReturn({ toolName: 'Oil Filter', customerName: 'Ann Asker', comment: 'Thread <b>stripped</b>' });
const approved = buildReturn({ toolName: 'Chain Lube', customerName: 'Bo Approved', status: 'approved', statusText: 'Return approved' });
const received = buildReturn({ toolName: 'Brake Lever', customerName: 'Cy Received', status: 'received', statusText: 'Return received', quantity: 2, shareAmount: 25.98, refundableLeft: 40 });
const rejected = buildReturn({ toolName: 'Fuel Hose', status: 'rejected', statusText: 'Return rejected: Worn by use', rejectReason: 'Worn by use' });
const refunded = buildReturn({ toolName: 'Air Filter', status: 'refunded', statusText: 'Refunded', refundAmount: 9.5, restocked: true });

describe('ManageReturnsPage', () => {
  const fetchMock = stubFetch();
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace(/^.*\/api/, '')}`);
  const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [String(url).replace(/^.*\/api/, ''), JSON.parse(String(init?.body))]);

  /** The shop: the page of returns asked for, and each step answered (or refused as `refuse` says). */
  async function renderPage(
    route = '/dashbord/returns',
    { rows = [requested, approved, received, rejected, refunded], total = rows.length, refuse, staff = false }: { rows?: Return[]; total?: number; refuse?: { status: number; body: unknown }; staff?: boolean } = {},
  ) {
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (init?.method === 'PATCH') {
        if (refuse) return json(refuse.body, refuse.status);
        const id = path.split('/').at(-1);
        return json(rows.find((row) => row._id === id));
      }
      if (path.includes('/returns?')) {
        const page = Number(new URL(path, 'http://shop').searchParams.get('page'));
        return json({ returns: rows, total, page, pageSize: 20 } satisfies ReturnsPage);
      }
      return json({}, 404);
    });
    renderWithProviders(
      <>
        <ManageReturnsPage />
        <ToastContainer />
      </>,
      { route, ...(staff ? { queryClient: signedInAs(createTestQueryClient(), 'staff') } : {}) },
    );
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
    // The page's first answer is in.
    await screen.findByText(/^\d+ returns?$/);
    return { user: userEvent.setup(), row };
  }

  it('lists each return with its order, customer, pieces, reason and state, and only the next step it can take', async () => {
    const { row } = await renderPage();
    expect(await screen.findByText('5 returns')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Requested', 'Customer', 'Part', 'Reason', 'State', 'Actions']);
    expect(row('Oil Filter').getByRole('rowheader')).toHaveTextContent(`#${requested.orderNumber}`);
    expect(row('Oil Filter').getByText('1 of 4 × Oil Filter')).toBeInTheDocument();
    expect(row('Oil Filter').getByText('Ann Asker')).toBeInTheDocument();
    expect(row('Oil Filter').getByText('Damaged')).toBeInTheDocument();
    // The customer's comment is shown as text.
    expect(row('Oil Filter').getByText('Thread <b>stripped</b>')).toBeInTheDocument();
    expect(row('Fuel Hose').getByText('Worn by use')).toBeInTheDocument();
    expect(row('Air Filter').getByText('$9.50 refunded, back in stock')).toBeInTheDocument();

    const buttons = (part: string) => row(part).queryAllByRole('button').map((button) => button.textContent?.replace(/\s+/g, ' ').trim());
    expect(buttons('Oil Filter')).toEqual(['Approve Oil Filter for Ann Asker', 'Reject Oil Filter for Ann Asker']);
    expect(buttons('Chain Lube')).toEqual(['Mark received Chain Lube for Bo Approved']);
    expect(buttons('Brake Lever')).toEqual(['Refund Brake Lever for Cy Received']);
    expect(buttons('Fuel Hose')).toEqual([]);
    expect(buttons('Air Filter')).toEqual([]);
  });

  it('asks for the status, search and page in the address, and filters and pages from there', async () => {
    const { user } = await renderPage('/dashbord/returns?status=received&q=pat&page=2', { total: 45 });
    expect(await screen.findByText('45 returns')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('received');
    expect(screen.getByRole('searchbox', { name: 'Search returns' })).toHaveValue('pat');
    expect(calls()).toContain('GET /returns?status=received&q=pat&page=1');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls()).toContain('GET /returns?status=received&q=pat&page=2'));
    // Another status starts from the first page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() => expect(calls()).toContain('GET /returns?status=approved&q=pat&page=0'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All returns');
    await waitFor(() => expect(calls()).toContain('GET /returns?q=pat&page=0'));
    // So does another search.
    await user.tripleClick(screen.getByRole('searchbox', { name: 'Search returns' }));
    await user.paste('#10234');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls()).toContain(`GET /returns?q=${encodeURIComponent('#10234')}&page=0`));
  });

  it('says when the search finds nothing', async () => {
    await renderPage('/dashbord/returns?q=nobody', { rows: [] });
    expect(await screen.findByText('No returns found for "nobody".')).toBeInTheDocument();
  });

  it('shows the last page when asked for one past the end', async () => {
    await renderPage('/dashbord/returns?page=9', { total: 25 });
    await waitFor(() => expect(calls()).toContain('GET /returns?page=1'));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  });

  it("approves and marks received once confirmed, each emailing the customer, and says the shop's reason when it refuses", async () => {
    const { user, row } = await renderPage();
    await user.click(await row('Oil Filter').findByRole('button', { name: /^Approve/ }));
    const approve = within(screen.getByRole('dialog', { name: 'Approve this return?' }));
    expect(approve.getByText('Ann Asker is emailed where to send 1 × Oil Filter.')).toBeInTheDocument();
    await user.click(approve.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Return approved. The customer is emailed where to send the part.')).toBeInTheDocument();

    await user.click(row('Chain Lube').getByRole('button', { name: /^Mark received/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark this return received?' })).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText('Return marked received.')).toBeInTheDocument();
    expect(patches()).toEqual([
      [`/returns/${requested._id}`, { action: 'approve' }],
      [`/returns/${approved._id}`, { action: 'receive' }],
    ]);
  });

  it("says the shop's reason in a toast when it refuses a step, e.g. another admin took it first", async () => {
    const { user, row } = await renderPage(undefined, { refuse: { status: 409, body: { error: { code: 'CONFLICT', message: 'A return that is rejected cannot be approved' }, requestId: 'r1' } } });
    await user.click(await row('Oil Filter').findByRole('button', { name: /^Approve/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve this return?' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('A return that is rejected cannot be approved')).toBeInTheDocument();
  });

  it('rejects only with a reason, which is sent', async () => {
    const { user, row } = await renderPage();
    await user.click(await row('Oil Filter').findByRole('button', { name: /^Reject/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this return?' }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(patches()).toEqual([]);

    await user.type(dialog.getByLabelText('Reason'), 'Fitted and used for 2,000 km');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Return rejected. The customer is emailed the reason.')).toBeInTheDocument();
    expect(patches()).toEqual([[`/returns/${requested._id}`, { action: 'reject', reason: 'Fitted and used for 2,000 km' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("refunds the pieces' share prefilled, at most what is left of the payment, with or without putting them back in stock", async () => {
    const { user, row } = await renderPage();
    await user.click(await row('Brake Lever').findByRole('button', { name: /^Refund/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund this return?' }));
    expect(dialog.getByText('The amount goes back to the card Cy Received paid with, for 2 × Brake Lever.')).toBeInTheDocument();
    const amount = dialog.getByLabelText(/^Amount/);
    expect(amount).toHaveValue('25.98');
    expect(amount).toHaveAccessibleDescription('at most $40.00');
    expect(dialog.getByLabelText('Put back in stock')).not.toBeChecked();

    for (const [typed, message] of [
      ['40.01', 'The refund can be at most $40.00, what is left of the payment'],
      ['0', 'Amount must be above 0, with at most 2 decimals'],
      ['1.005', 'Amount must be above 0, with at most 2 decimals'],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(dialog.getByRole('button', { name: 'Refund' }));
      await waitFor(() => expect(amount).toHaveAccessibleDescription(`at most $40.00 ${message}`));
    }
    expect(patches()).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(dialog.getByLabelText('Put back in stock'));
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Return refunded.')).toBeInTheDocument();
    expect(patches()).toEqual([[`/returns/${received._id}`, { action: 'refund', amount: 40, restock: true }]]);
  });

  it("prefills no more than what is left of the payment", async () => {
    const short = buildReturn({ toolName: 'Clutch Cable', status: 'received', statusText: 'Return received', shareAmount: 30, refundableLeft: 12.5 });
    const { user, row } = await renderPage(undefined, { rows: [short] });
    await user.click(await row('Clutch Cable').findByRole('button', { name: /^Refund/ }));
    expect(within(screen.getByRole('dialog', { name: 'Refund this return?' })).getByLabelText(/^Amount/)).toHaveValue('12.50');
  });

  it("puts the shop's refusal of the amount under it, and any other refusal under the form, keeping the dialog open", async () => {
    const { user, row } = await renderPage(undefined, {
      refuse: { status: 409, body: { error: { code: 'REFUND_TOO_LARGE', message: 'The refund can be at most $10.00, what is left of the payment' }, requestId: 'r1' } },
    });
    await user.click(await row('Brake Lever').findByRole('button', { name: /^Refund/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund this return?' }));
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    const amount = dialog.getByLabelText(/^Amount/);
    await waitFor(() => expect(amount).toHaveAccessibleDescription('at most $40.00 The refund can be at most $10.00, what is left of the payment'));
    expect(await screen.findByText('The return could not be refunded.')).toBeInTheDocument();

    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PATCH'
        ? json({ error: { code: 'REFUND_DECLINED', message: 'The card issuer declined the refund: expired_or_canceled_card' }, requestId: 'r2' }, 409)
        : json({ returns: [received], total: 1, page: 0, pageSize: 20 }),
    );
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The card issuer declined the refund: expired_or_canceled_card');
    expect(screen.getByRole('dialog', { name: 'Refund this return?' })).toBeInTheDocument();
  });

  it('offers staff every step but the refund (SPEC-3 section 7)', async () => {
    const { row } = await renderPage(undefined, { staff: true });
    expect(row('Oil Filter').getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(row('Oil Filter').getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(row('Chain Lube').getByRole('button', { name: /^Mark received/ })).toBeInTheDocument();
    expect(row('Brake Lever').queryByRole('button')).not.toBeInTheDocument();
  });
});
