import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildOrder } from '@/test/fixtures';
import { AllOrdersTable } from './all-orders-table';

const unpaid = buildOrder({ name: 'Una Unpaid', email: 'una@example.com', toolName: 'Brake Pad Set', quantity: 4, total: 51.96 });
const paid = buildOrder({ name: 'Pat Paid', email: 'pat@example.com', toolName: 'Chain Kit', status: 'paid', paid: true, transactionId: 'pi_p' });
const shipped = buildOrder({ name: 'Sid Shipped', email: 'sid@example.com', toolName: 'Spark Plug', status: 'shipped', paid: true, shift: true, transactionId: 'pi_s' });
const refunded = buildOrder({ name: 'Rae Refunded', email: 'rae@example.com', toolName: 'Oil Filter', status: 'refunded', paid: true, transactionId: 'pi_r' });

function renderTable(props: Partial<Parameters<typeof AllOrdersTable>[0]> = {}) {
  const onShift = vi.fn();
  const onRefund = vi.fn();
  const onRefundCheckout = vi.fn();
  render(<AllOrdersTable orders={[unpaid, paid, shipped, refunded]} onShift={onShift} onRefund={onRefund} onRefundCheckout={onRefundCheckout} {...props} />);
  const row = (email: string) => within(screen.getByRole('row', { name: new RegExp(email) }));
  return { onShift, onRefund, onRefundCheckout, row };
}

describe('AllOrdersTable', () => {
  it('lists customer, email, date, part, quantity, total and state of every order', () => {
    const { row } = renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order',
      'Customer',
      'Email',
      'Placed',
      'Part',
      'Quantity',
      'Total',
      'State',
      'Action',
    ]);
    expect(row('una@example.com').getByText('Una Unpaid')).toBeInTheDocument();
    expect(row('una@example.com').getByText('Brake Pad Set')).toBeInTheDocument();
    expect(row('una@example.com').getByText('1 Jan 2026')).toHaveAttribute('datetime', '2026-01-01T00:00:00.000Z');
    expect(row('una@example.com').getByText('$51.96')).toBeInTheDocument();
    expect(row('una@example.com').getByText('Unpaid')).toBeInTheDocument();
    expect(row('pat@example.com').getByText('Paid')).toBeInTheDocument();
  });

  it("opens an order's details from its number: where it goes, the phone to call and the customer's email", async () => {
    const { row } = renderTable();
    await userEvent.setup().click(row('una@example.com').getByRole('button', { name: `#${unpaid.number} details` }));
    const details = within(screen.getByRole('dialog', { name: `Order #${unpaid.number}` }));
    expect(details.getByText(unpaid.location)).toBeInTheDocument();
    expect(details.getByRole('link', { name: unpaid.phone })).toHaveAttribute('href', 'tel:+8801700000000');
    expect(details.getByRole('link', { name: 'una@example.com' })).toHaveAttribute('href', 'mailto:una@example.com');
    expect(details.getByText('$51.96')).toBeInTheDocument();
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

  it("offers 'Refund checkout' on an unshipped line of a checkout, for the whole checkout", async () => {
    const line = buildOrder({ name: 'Cy Checkout', email: 'cy@example.com', toolName: 'Fork Oil', status: 'paid', paid: true, transactionId: 'pi_c', checkoutId: 'c'.repeat(24) });
    const { row, onRefundCheckout } = renderTable({ orders: [line, paid, { ...line, _id: 'e'.repeat(24), email: 'cyd@example.com', status: 'shipped', shift: true }] });
    expect(row('pat@example.com').queryByRole('button', { name: /^Refund checkout/ })).not.toBeInTheDocument();
    expect(row('cyd@example.com').queryByRole('button', { name: /^Refund checkout/ })).not.toBeInTheDocument();
    await userEvent.click(row('cy@example.com').getByRole('button', { name: /^Refund checkout ?of Cy Checkout, every line not yet shipped$/ }));
    expect(onRefundCheckout).toHaveBeenCalledWith(line);
  });
});
