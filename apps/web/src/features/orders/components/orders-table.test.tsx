import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildOrder } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { OrdersTable } from './orders-table';

const unpaid = buildOrder({ toolName: 'Brake Pad Set', quantity: 4, total: 51.96 });
const paid = buildOrder({ toolName: 'Chain Kit', status: 'paid', paid: true, transactionId: 'pi_test_paid1' });
const shipped = buildOrder({ toolName: 'Spark Plug', status: 'shipped', paid: true, shift: true, transactionId: 'pi_test_ship1' });
const tracked = buildOrder({ toolName: 'Air Filter', status: 'shipped', paid: true, shift: true, transactionId: 'pi_test_ship2', carrier: 'Royal Mail', trackingNumber: 'RM 1234 5678 5GB' });
const refunded = buildOrder({ toolName: 'Fork Seal', status: 'refunded', paid: true, transactionId: 'pi_test_refund1', reviewed: false });

function renderTable(onCancel = vi.fn()) {
  renderWithProviders(<OrdersTable orders={[unpaid, paid, shipped, tracked, refunded]} onCancel={onCancel} />);
  const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
  return { onCancel, row };
}

describe('OrdersTable', () => {
  it('lists part, quantity, total in dollars and state', () => {
    const { row } = renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Order', 'Placed', 'Part', 'Quantity', 'Total', 'State', 'Actions']);
    expect(row('Brake Pad Set').getByRole('cell', { name: '1 Jan 2026' })).toBeInTheDocument();
    expect(row('Brake Pad Set').getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(row('Brake Pad Set').getByText('$51.96')).toBeInTheDocument();
    expect(row('Brake Pad Set').getByText('Unpaid')).toBeInTheDocument();
  });

  it("heads each order with its own number, which opens the order's details with the delivery address and phone", async () => {
    const { row } = renderTable();
    const user = userEvent.setup();
    expect(row('Brake Pad Set').getByRole('rowheader')).toHaveTextContent(`#${unpaid.number}`);
    await user.click(row('Chain Kit').getByRole('button', { name: `#${paid.number} details` }));
    const dialog = screen.getByRole('dialog', { name: `Order #${paid.number}` });
    const details = within(dialog);
    expect(details.getByText('Chain Kit')).toBeInTheDocument();
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

  it("shows 'Paid' and the transaction id for paid orders, and 'Shipped' for shipped ones", () => {
    const { row } = renderTable();
    expect(row('Chain Kit').getByText('Paid')).toBeInTheDocument();
    expect(row('Chain Kit').getByText('pi_test_paid1')).toBeInTheDocument();
    expect(row('Chain Kit').queryByText('Shipped')).not.toBeInTheDocument();
    expect(row('Spark Plug').getByText('Paid')).toBeInTheDocument();
    expect(row('Spark Plug').getByText('Shipped')).toBeInTheDocument();
    expect(row('Spark Plug').getByText('pi_test_ship1')).toBeInTheDocument();
  });

  it('shows the tracking number of a shipment that has one, and a refunded order as refunded', () => {
    const { row } = renderTable();
    expect(row('Air Filter').getByTestId('order-tracking-number')).toHaveTextContent('RM 1234 5678 5GB');
    expect(row('Air Filter').getByText('(Royal Mail)')).toBeInTheDocument();
    expect(row('Spark Plug').queryByTestId('order-tracking-number')).not.toBeInTheDocument();
    expect(row('Fork Seal').getByText('Paid')).toBeInTheDocument();
    expect(row('Fork Seal').getByText('Refunded')).toBeInTheDocument();
    expect(row('Fork Seal').queryByRole('link', { name: /Review/ })).not.toBeInTheDocument();
  });

  it("says why a refund did not go through on an order that is paid again, as text", () => {
    const bounced = buildOrder({ toolName: 'Clutch Cable', status: 'paid', paid: true, transactionId: 'pi_test_bounce', refundFailure: '<b>expired_or_canceled_card</b>' });
    renderWithProviders(<OrdersTable orders={[bounced]} onCancel={vi.fn()} />);
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

describe("OrdersTable: 'Review this part'", () => {
  it('is offered on paid and shipped orders not yet reviewed, and opens Add Review for that part', () => {
    const toReview = buildOrder({ toolName: 'Oil Filter', productId: 'b'.repeat(24), status: 'shipped', paid: true, shift: true, reviewed: false });
    const reviewed = buildOrder({ toolName: 'Chain Lube', status: 'paid', paid: true, reviewed: true });
    const waiting = buildOrder({ toolName: 'Battery', reviewed: false });
    renderWithProviders(<OrdersTable orders={[toReview, reviewed, waiting]} onCancel={vi.fn()} />);
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
    expect(row('Oil Filter').getByRole('link', { name: /Review this part/ })).toHaveAttribute('href', `/dashbord/addreview?product=${'b'.repeat(24)}`);
    expect(row('Chain Lube').queryByRole('link', { name: /Review this part/ })).not.toBeInTheDocument();
    expect(row('Battery').queryByRole('link', { name: /Review this part/ })).not.toBeInTheDocument();
  });

  it("pays and cancels a checkout's lines together, from its first line", async () => {
    const checkoutId = 'c'.repeat(24);
    const first = buildOrder({ toolName: 'Engine Oil', number: 30001, checkoutId });
    const second = buildOrder({ toolName: 'Spark Plug', number: 30002, checkoutId });
    const onCancel = vi.fn();
    renderWithProviders(<OrdersTable orders={[second, first, unpaid]} onCancel={onCancel} />);
    const row = (part: string) => within(screen.getByRole('row', { name: new RegExp(part) }));
    expect(row('Engine Oil').getByRole('link', { name: /^Pay for 2 parts/ })).toHaveAttribute('href', `/dashbord/payment/${first._id}`);
    expect(row('Spark Plug').queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(row('Spark Plug').getByText('Paid together with #30001')).toBeInTheDocument();
    await userEvent.click(row('Engine Oil').getByRole('button', { name: /^Cancel all 2/ }));
    expect(onCancel).toHaveBeenCalledWith(first);
    // A one-part order keeps SPEC's own Pay and Cancel.
    expect(row('Brake Pad Set').getByRole('link', { name: /^Pay/ })).toHaveTextContent(/^Pay/);
  });
});
