import type { Order } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildOrder } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrdersTable } from './orders-table';

// Placed with delivery and tax: the purchase costs more than its line, and arrives on its dates.
const unpaid = buildOrder({ toolName: 'Brake Pad Set', quantity: 4, total: 51.96, purchaseTotal: 60.68, arrivesFrom: '2026-01-05', arrivesTo: '2026-01-07', shippingDaysMax: 4 });
const paid = buildOrder({ toolName: 'Chain Kit', status: 'paid', paid: true, transactionId: 'pi_test_paid1' });
const shipped = buildOrder({ toolName: 'Spark Plug', status: 'shipped', paid: true, shift: true, transactionId: 'pi_test_ship1' });
const tracked = buildOrder({ toolName: 'Air Filter', status: 'shipped', paid: true, shift: true, transactionId: 'pi_test_ship2', carrier: 'Royal Mail', trackingNumber: 'RM 1234 5678 5GB' });
const refunded = buildOrder({ toolName: 'Fork Seal', status: 'refunded', paid: true, transactionId: 'pi_test_refund1', reviewed: false, arrivesFrom: '2026-01-05', arrivesTo: '2026-01-05', shippingDaysMax: 1 });

function renderTable(onCancel = vi.fn()) {
  renderWithProviders(<OrdersTable orders={[unpaid, paid, shipped, tracked, refunded]} onCancel={onCancel} onReturn={vi.fn()} />);
  const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
  return { onCancel, row };
}

describe('OrdersTable', () => {
  it("lists each purchase with its parts, the purchase's total in dollars, its state and when it arrives", () => {
    const { row } = renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Placed', 'Parts', 'Total', 'State', 'Actions']);
    expect(row('Brake Pad Set').getByRole('cell', { name: '1 Jan 2026' })).toBeInTheDocument();
    expect(row('Brake Pad Set').getByText('4 × Brake Pad Set')).toBeInTheDocument();
    expect(row('Brake Pad Set').getByText('$60.68')).toBeInTheDocument();
    expect(row('Brake Pad Set').getByText('Unpaid')).toBeInTheDocument();
    expect(row('Brake Pad Set').getByText('Arrives Mon 5 Jan – Wed 7 Jan')).toBeInTheDocument();
    // A refunded purchase no longer arrives; one placed before delivery methods never said when.
    expect(row('Fork Seal').queryByText(/Arrives/)).not.toBeInTheDocument();
    expect(row('Chain Kit').queryByText(/Arrives|Ready to collect/)).not.toBeInTheDocument();
  });

  it('says a collection is ready while its parts wait in the shop, and no longer once handed over', () => {
    const collection = { arrivesFrom: '2026-01-05', arrivesTo: '2026-01-05', shippingDaysMax: 0 };
    const waiting = buildOrder({ toolName: 'Oil Filter', status: 'paid', paid: true, transactionId: 'pi_test_collect1', ...collection });
    const collected = buildOrder({ toolName: 'Brake Lever', status: 'shipped', paid: true, shift: true, transactionId: 'pi_test_collect2', ...collection });
    renderWithProviders(<OrdersTable orders={[waiting, collected]} onCancel={vi.fn()} onReturn={vi.fn()} />);
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
    expect(row('Oil Filter').getByText('Ready to collect Mon 5 Jan')).toBeInTheDocument();
    expect(row('Brake Lever').queryByText(/Ready to collect/)).not.toBeInTheDocument();
  });

  it("heads each purchase with its number, which opens its details with the delivery address and phone", async () => {
    const { row } = renderTable();
    const user = userEvent.setup();
    expect(row('Brake Pad Set').getByRole('rowheader')).toHaveTextContent(`#${unpaid.number}`);
    await user.click(row('Chain Kit').getByRole('button', { name: `#${paid.number} details` }));
    const dialog = screen.getByRole('dialog', { name: `Order #${paid.number}` });
    const details = within(dialog);
    expect(details.getByText(/Chain Kit/)).toBeInTheDocument();
    expect(details.getByText(paid.location)).toBeInTheDocument();
    expect(details.getByText(paid.phone)).toBeInTheDocument();
    expect(details.getByText('pi_test_paid1')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Pay and Cancel only for unpaid orders', () => {
    const { row } = renderTable();
    expect(row('Brake Pad Set').getByRole('link', { name: /^Pay/ })).toHaveAttribute('href', `/dashbord/payment/${unpaid._id}`);
    expect(row('Brake Pad Set').getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    for (const part of ['Chain Kit', 'Spark Plug', 'Fork Seal']) {
      expect(row(part).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
      expect(row(part).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    }
  });

  it("shows one state for each order: 'Paid' with the transaction id, 'Shipped', and a refunded one only as 'Refunded'", () => {
    const { row } = renderTable();
    expect(row('Chain Kit').getByText('Paid')).toBeInTheDocument();
    expect(row('Chain Kit').getByText('pi_test_paid1')).toBeInTheDocument();
    expect(row('Chain Kit').queryByText('Shipped')).not.toBeInTheDocument();
    expect(row('Spark Plug').getByText('Shipped')).toBeInTheDocument();
    expect(row('Spark Plug').queryByText('Paid')).not.toBeInTheDocument();
    expect(row('Spark Plug').getByText('pi_test_ship1')).toBeInTheDocument();
    expect(row('Fork Seal').getByText('Refunded')).toBeInTheDocument();
    expect(row('Fork Seal').queryByText('Paid')).not.toBeInTheDocument();
    expect(row('Fork Seal').queryByRole('link', { name: /Review/ })).not.toBeInTheDocument();
  });

  it("links a tracking number to a known carrier's page in a new tab, and shows an unknown carrier's as text", () => {
    const vans = buildOrder({ toolName: 'Clutch Lever', status: 'shipped', paid: true, shift: true, carrier: 'Bob’s Vans', trackingNumber: 'BV-7' });
    renderWithProviders(<OrdersTable orders={[tracked, vans, shipped]} onCancel={vi.fn()} onReturn={vi.fn()} />);
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
    const link = row('Air Filter').getByRole('link', { name: /RM 1234 5678 5GB/ });
    expect(link).toHaveAttribute('href', 'https://www.royalmail.com/track-your-item#/tracking-results/RM12345678' + '5GB');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(/opens the carrier’s page in a new tab/);
    expect(row('Air Filter').getByTestId('order-tracking-number')).toHaveTextContent('RM 1234 5678 5GB');
    expect(row('Air Filter').getByText('(Royal Mail)')).toBeInTheDocument();
    expect(row('Clutch Lever').getByTestId('order-tracking-number')).toHaveTextContent('BV-7');
    expect(row('Clutch Lever').queryByRole('link')).not.toBeInTheDocument();
    expect(row('Spark Plug').queryByTestId('order-tracking-number')).not.toBeInTheDocument();
  });

  it("says why a refund did not go through on an order that is paid again, as text", () => {
    const bounced = buildOrder({ toolName: 'Clutch Cable', status: 'paid', paid: true, transactionId: 'pi_test_bounce', refundFailure: '<b>expired_or_canceled_card</b>' });
    renderWithProviders(<OrdersTable orders={[bounced]} onCancel={vi.fn()} onReturn={vi.fn()} />);
    const row = within(screen.getByRole('row', { name: /Clutch Cable/ }));
    expect(row.getByTestId('order-refund-failure')).toHaveTextContent('Refund failed: <b>expired_or_canceled_card</b>');
    expect(row.getByText('Paid')).toBeInTheDocument();
  });

  it('asks to cancel the order of its row', async () => {
    const { row, onCancel } = renderTable();
    await userEvent.click(row('Brake Pad Set').getByRole('button', { name: /^Cancel/ }));
    expect(onCancel).toHaveBeenCalledWith(unpaid);
  });
});

describe('OrdersTable: one purchase, one number', () => {
  const checkoutId = 'c'.repeat(24);
  const line = (number: number, toolName: string, more: Partial<Order> = {}) =>
    buildOrder({ toolName, number, purchaseNumber: 30001, checkoutId, quantity: 1, total: 10, purchaseTotal: 45.05, createdAt: '2026-02-01T00:00:00.000Z', ...more });

  it("lists a checkout's lines under its one number, with one Pay and one Cancel for them all", async () => {
    const lines = [line(30003, 'Spark Plug'), line(30001, 'Engine Oil'), line(30002, 'Oil Filter', { quantity: 2, total: 20.1 })];
    const onCancel = vi.fn();
    renderWithProviders(<OrdersTable orders={[...lines, unpaid]} onCancel={onCancel} onReturn={vi.fn()} />);
    const rows = screen.getAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    const row = within(screen.getByRole('row', { name: /Engine Oil/ }));
    expect(row.getByRole('rowheader')).toHaveTextContent(/^#30001$/);
    expect(within(rows[0]!).queryByText(/#30002|#30003/)).not.toBeInTheDocument();
    expect(row.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 × Engine Oil', '2 × Oil Filter', '1 × Spark Plug']);
    // The purchase's total: its three lines (40.10) with delivery and tax.
    expect(row.getByText('$45.05')).toBeInTheDocument();
    expect(row.getAllByText('Unpaid')).toHaveLength(1);
    expect(row.getByRole('link', { name: /^Pay for 3 parts/ })).toHaveAttribute('href', `/dashbord/payment/${lines[1]!._id}`);
    await userEvent.click(row.getByRole('button', { name: /^Cancel all 3/ }));
    expect(onCancel).toHaveBeenCalledWith(lines[1]);
    // A one-part order keeps SPEC's own Pay and Cancel.
    expect(screen.getByRole('row', { name: /Brake Pad Set/ })).toHaveTextContent(/Pay/);
  });

  it("shows each line's own state once the lines went different ways, and the purchase's lines in its details", async () => {
    const lines = [
      line(30001, 'Engine Oil', { status: 'shipped', paid: true, shift: true, transactionId: 'pi_c', carrier: 'DHL', trackingNumber: 'JD1' }),
      line(30002, 'Oil Filter', { status: 'refunded', paid: true, transactionId: 'pi_c' }),
      line(30003, 'Spark Plug', { status: 'shipped', paid: true, shift: true, transactionId: 'pi_c', carrier: 'DHL', trackingNumber: 'JD1' }),
    ];
    renderWithProviders(<OrdersTable orders={lines} onCancel={vi.fn()} onReturn={vi.fn()} />);
    const row = within(screen.getByRole('row', { name: /Engine Oil/ }));
    const items = row.getAllByRole('listitem');
    expect(within(items[0]!).getByText('Shipped')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: /JD1/ })).toHaveAttribute('href', expect.stringContaining('tracking-id=JD1'));
    expect(within(items[1]!).getByText('Refunded')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Paid')).not.toBeInTheDocument();
    expect(row.getAllByText('pi_c')).toHaveLength(1);

    await userEvent.click(row.getByRole('button', { name: '#30001 details' }));
    const details = within(screen.getByRole('dialog', { name: 'Order #30001' }));
    expect(details.getAllByTestId('purchase-line').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^1 × Engine Oil at .*Shipped/),
      expect.stringMatching(/^1 × Oil Filter at .*Refunded/),
      expect.stringMatching(/^1 × Spark Plug at .*Shipped/),
    ]);
    // The purchase's total (its lines with delivery and tax), and its invoice: it was paid.
    expect(details.getByText('$45.05')).toBeInTheDocument();
    expect(details.getByRole('button', { name: /^Invoice\s*of order #30001$/ })).toBeInTheDocument();
  });
});

describe("OrdersTable: 'Review this part'", () => {
  it('is offered on paid and shipped orders not yet reviewed, and opens Add Review for that part', () => {
    const toReview = buildOrder({ toolName: 'Oil Filter', productId: 'b'.repeat(24), status: 'shipped', paid: true, shift: true, reviewed: false });
    const reviewed = buildOrder({ toolName: 'Chain Lube', status: 'paid', paid: true, reviewed: true });
    const waiting = buildOrder({ toolName: 'Battery', reviewed: false });
    renderWithProviders(<OrdersTable orders={[toReview, reviewed, waiting]} onCancel={vi.fn()} onReturn={vi.fn()} />);
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
    expect(row('Oil Filter').getByRole('link', { name: /Review this part/ })).toHaveAttribute('href', `/dashbord/addreview?product=${'b'.repeat(24)}`);
    expect(row('Chain Lube').queryByRole('link', { name: /Review this part/ })).not.toBeInTheDocument();
    expect(row('Battery').queryByRole('link', { name: /Review this part/ })).not.toBeInTheDocument();
  });
});

describe("OrdersTable: 'Return'", () => {
  const days = (count: number) => new Date(Date.now() + count * 24 * 60 * 60 * 1000).toISOString();
  const shippedLine = (toolName: string, more: Partial<Order> = {}) =>
    buildOrder({ toolName, status: 'shipped', paid: true, shift: true, transactionId: 'pi_r', returns: [], returnableQuantity: 2, returnableUntil: days(20), ...more });

  it('is offered on a shipped line while pieces can still go back and its window is open, and asks for that line', async () => {
    const open = shippedLine('Oil Filter');
    const allGoingBack = shippedLine('Chain Lube', { returnableQuantity: 0, returnableUntil: null });
    const closed = shippedLine('Brake Lever', { returnableUntil: days(-1) });
    const notShipped = buildOrder({ toolName: 'Battery', status: 'paid', paid: true, returnableQuantity: 0, returnableUntil: null });
    // An order answer from before returns: no such fields.
    const older = buildOrder({ toolName: 'Fuel Hose', status: 'shipped', paid: true, shift: true });
    const onReturn = vi.fn();
    renderWithProviders(<OrdersTable orders={[open, allGoingBack, closed, notShipped, older]} onCancel={vi.fn()} onReturn={onReturn} />);
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));

    const button = row('Oil Filter').getByRole('button', { name: /^Return\s*Oil Filter$/ });
    expect(row('Oil Filter').getByText(/^Return by \d{1,2} \w{3} \d{4}$/)).toBeInTheDocument();
    for (const part of ['Chain Lube', 'Brake Lever', 'Battery', 'Fuel Hose']) {
      expect(row(part).queryByRole('button', { name: /^Return/ })).not.toBeInTheDocument();
      expect(row(part).queryByText(/^Return by/)).not.toBeInTheDocument();
    }
    await userEvent.click(button);
    expect(onReturn).toHaveBeenCalledWith(open);
  });

  it("shows each of the line's returns by its state and how many pieces it sends back", () => {
    const line = shippedLine('Oil Filter', {
      quantity: 6,
      returnableQuantity: 1,
      returns: [
        { _id: 'a'.repeat(24), quantity: 1, status: 'refunded', statusText: 'Refunded' },
        { _id: 'b'.repeat(24), quantity: 2, status: 'rejected', statusText: 'Return rejected: <b>Worn by use</b>' },
        { _id: 'c'.repeat(24), quantity: 1, status: 'approved', statusText: 'Return approved' },
        { _id: 'd'.repeat(24), quantity: 1, status: 'received', statusText: 'Return received' },
        { _id: 'e'.repeat(24), quantity: 1, status: 'requested', statusText: 'Return requested' },
      ],
    });
    renderWithProviders(<OrdersTable orders={[line]} onCancel={vi.fn()} onReturn={vi.fn()} />);
    const row = within(screen.getByRole('row', { name: /Oil Filter/ }));
    expect(row.getAllByTestId('line-return').map((item) => item.textContent)).toEqual([
      'Refunded · 1 piece',
      // The reason is the admin's text, shown as text.
      'Return rejected: <b>Worn by use</b> · 2 pieces',
      'Return approved · 1 piece',
      'Return received · 1 piece',
      'Return requested · 1 piece',
    ]);
    // One piece of the six can still go back.
    expect(row.getByRole('button', { name: /^Return\s*Oil Filter$/ })).toBeInTheDocument();
  });
});
