import type { Order, Purchase } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getPurchaseQueryOptions } from '@/api/purchases/get-purchase';
import { buildOrder, buildPurchase } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { AllOrdersTable } from './all-orders-table';

const unpaid = buildOrder({ name: 'Una Unpaid', email: 'una@example.com', toolName: 'Brake Pad Set', quantity: 4, total: 51.96 });
const paid = buildOrder({ name: 'Pat Paid', email: 'pat@example.com', toolName: 'Chain Kit', status: 'paid', paid: true, transactionId: 'pi_p' });
const shipped = buildOrder({ name: 'Sid Shipped', email: 'sid@example.com', toolName: 'Spark Plug', status: 'shipped', paid: true, shift: true, transactionId: 'pi_s' });
const refunded = buildOrder({ name: 'Rae Refunded', email: 'rae@example.com', toolName: 'Oil Filter', status: 'refunded', paid: true, transactionId: 'pi_r' });

const purchaseOf = (lines: Order[], status: Purchase['status'] = 'paid'): Purchase => buildPurchase(lines, { status });

function renderTable(props: Partial<Parameters<typeof AllOrdersTable>[0]> = {}, purchases: Purchase[] = []) {
  const onShift = vi.fn();
  const onRefund = vi.fn();
  const onShipAll = vi.fn();
  const onRefundCheckout = vi.fn();
  const queryClient = createTestQueryClient();
  for (const purchase of [purchaseOf([unpaid], 'waiting'), ...purchases]) queryClient.setQueryData(getPurchaseQueryOptions(purchase._id).queryKey, purchase);
  renderWithProviders(
    <AllOrdersTable orders={[unpaid, paid, shipped, refunded]} onShift={onShift} onRefund={onRefund} onShipAll={onShipAll} onRefundCheckout={onRefundCheckout} {...props} />,
    { queryClient },
  );
  const row = (email: string) => within(screen.getByRole('row', { name: new RegExp(email) }));
  return { onShift, onRefund, onShipAll, onRefundCheckout, row };
}

describe('AllOrdersTable', () => {
  it('lists date, customer, email, part, total, and the payment and shipping badges of every line, name and email whole in tooltips', () => {
    const { row } = renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Placed', 'Customer', 'Email', 'Part', 'Total', 'State', 'Action']);
    expect(row('una@example.com').getByText('Una Unpaid')).toHaveAttribute('title', 'Una Unpaid <una@example.com>');
    expect(row('una@example.com').getByText('una@example.com')).toHaveAttribute('title', 'una@example.com');
    expect(row('una@example.com').getByText('4 × Brake Pad Set')).toBeInTheDocument();
    expect(row('una@example.com').getByText('1 Jan 2026')).toHaveAttribute('datetime', '2026-01-01T00:00:00.000Z');
    expect(row('una@example.com').getByText('$51.96')).toBeInTheDocument();
    expect(row('una@example.com').getByText('Unpaid')).toBeInTheDocument();
    expect(row('pat@example.com').getByText('Paid')).toBeInTheDocument();
  });

  it('shows a line one state per column: a shipped one paid and delivered, a refunded one only refunded', () => {
    const { row } = renderTable();
    expect(row('sid@example.com').getByText('Paid')).toBeInTheDocument();
    expect(row('sid@example.com').getByText('Deliverd')).toBeInTheDocument();
    expect(row('rae@example.com').getByText('Refunded')).toBeInTheDocument();
    expect(row('rae@example.com').queryByText('Paid')).not.toBeInTheDocument();
    expect(row('rae@example.com').queryByText('Deliverd')).not.toBeInTheDocument();
  });

  it("opens an order's purchase from its number: where it goes, the phone to call and the customer's email", async () => {
    const { row } = renderTable();
    await userEvent.setup().click(row('una@example.com').getByRole('button', { name: `#${unpaid.number} details` }));
    const details = within(screen.getByRole('dialog', { name: `Order #${unpaid.number}` }));
    expect(details.getByText(unpaid.location)).toBeInTheDocument();
    expect(details.getByRole('link', { name: unpaid.phone })).toHaveAttribute('href', 'tel:+8801700000000');
    expect(details.getByRole('link', { name: 'una@example.com' })).toHaveAttribute('href', 'mailto:una@example.com');
    expect(details.getAllByText('$51.96')).not.toHaveLength(0);
  });

  it("offers 'Shifting' only on paid orders, disabled and 'Deliverd' once shifted", () => {
    const { row } = renderTable();
    expect(row('una@example.com').queryByRole('button', { name: /Shifting/ })).not.toBeInTheDocument();
    expect(row('pat@example.com').getByRole('button', { name: /^Shifting/ })).toBeEnabled();
    expect(row('pat@example.com').queryByText('Deliverd')).not.toBeInTheDocument();
    expect(row('sid@example.com').getByRole('button', { name: /^Shifting/ })).toBeDisabled();
    expect(row('sid@example.com').getByText('Deliverd')).toBeInTheDocument();
  });

  it('asks to ship the order of its row, and waits while it is under way', async () => {
    const { row, onShift } = renderTable();
    await userEvent.click(row('pat@example.com').getByRole('button', { name: /^Shifting/ }));
    expect(onShift).toHaveBeenCalledWith(paid);
  });

  it('disables the buttons of an order being shipped or refunded', () => {
    const { row } = renderTable({ busyId: paid._id });
    expect(row('pat@example.com').getByRole('button', { name: /^Shifting/ })).toBeDisabled();
    expect(row('pat@example.com').getByRole('button', { name: /^Refund/ })).toBeDisabled();
  });

  it("offers 'Refund' only on paid orders not yet shipped, and shows a refunded one as such", async () => {
    const { row, onRefund } = renderTable();
    expect(row('una@example.com').queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(row('sid@example.com').queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(row('rae@example.com').queryByRole('button')).toHaveAccessibleName(`#${refunded.number} details`);
    expect(row('rae@example.com').getByText('Refunded')).toBeInTheDocument();
    await userEvent.click(row('pat@example.com').getByRole('button', { name: /^Refund ?Chain Kit for Pat Paid$/ }));
    expect(onRefund).toHaveBeenCalledWith(paid);
  });
});

describe('AllOrdersTable: a purchase of several parts', () => {
  const checkoutId = 'c'.repeat(24);
  const line = (number: number, toolName: string, more: Partial<Order> = {}) =>
    buildOrder({ name: 'Cy Checkout', email: 'cy@example.com', toolName, number, purchaseNumber: 40001, checkoutId, quantity: 1, total: 10, status: 'paid', paid: true, transactionId: 'pi_c', ...more });

  it("lists every line with its one state in the purchase's details, and offers 'Ship all' for the lines left to ship", async () => {
    const lines = [
      line(40001, 'Fork Oil'),
      line(40002, 'Chain Lube', { status: 'refunded' }),
      line(40003, 'Brake Fluid'),
      line(40004, 'Air Filter', { status: 'shipped', shift: true, carrier: 'UPS', trackingNumber: '1Z 999' }),
    ];
    const { onShipAll, onRefundCheckout } = renderTable({ orders: [lines[2]!] }, [purchaseOf(lines)]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '#40003 details' }));
    const dialog = screen.getByRole('dialog', { name: 'Order #40001' });
    const details = within(dialog);
    expect(details.getByText('Cy Checkout')).toBeInTheDocument();
    expect(details.getByTestId('order-details-total')).toHaveTextContent('$40.00');
    const items = details.getAllByTestId('purchase-line');
    expect(items.map((item) => within(item).getAllByText(/^(Paid|Refunded|Deliverd|Unpaid)$/).map((badge) => badge.textContent))).toEqual([['Paid'], ['Refunded'], ['Paid'], ['Deliverd']]);
    expect(items[0]).toHaveTextContent(/^#40001 1 × Fork Oil at \$12\.99Paid\$10\.00$/);
    expect(details.getByText('pi_c')).toBeInTheDocument();
    expect(within(items[3]!).getByRole('link', { name: /1Z 999/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999');

    await user.click(details.getByRole('button', { name: 'Ship all 2' }));
    expect(onShipAll).toHaveBeenCalledWith(expect.objectContaining({ _id: checkoutId, number: 40001 }));
    await user.click(details.getByRole('button', { name: /^Refund checkout ?of Cy Checkout, every line not yet shipped$/ }));
    expect(onRefundCheckout).toHaveBeenCalledWith(expect.objectContaining({ _id: checkoutId }));
  });

  it("offers no 'Ship all' when one line or none is left to ship", async () => {
    const lines = [line(40001, 'Fork Oil'), line(40002, 'Chain Lube', { status: 'shipped', shift: true })];
    renderTable({ orders: lines }, [purchaseOf(lines)]);
    await userEvent.setup().click(screen.getByRole('button', { name: '#40001 details' }));
    const details = within(screen.getByRole('dialog', { name: 'Order #40001' }));
    expect(details.queryByRole('button', { name: /^Ship all/ })).not.toBeInTheDocument();
    // Shipping the one line left stays the row's own 'Shifting'.
    expect(screen.getAllByRole('button', { name: /^Shifting/ })[0]).toBeEnabled();
  });
});
