import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildAdminUser } from '@/test/fixtures';
import { UsersTable } from './users-table';

const admin = buildAdminUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const customer = buildAdminUser({ name: 'Sam Rider', email: 'sam@example.com', role: 'user', orders: 3, joined: '2026-02-01T10:00:00.000Z' });
const otherAdmin = buildAdminUser({ name: 'Bea Boss', email: 'bea@example.com', role: 'admin' });

function renderTable(overrides: Partial<Parameters<typeof UsersTable>[0]> = {}) {
  const props = { users: [admin, customer, otherAdmin], currentEmail: admin.email, onAction: vi.fn(), onWorkshop: vi.fn(), ...overrides };
  render(<UsersTable {...props} />);
  const row = (email: string) => within(screen.getByRole('row', { name: new RegExp(email) }));
  return { ...props, row };
}

describe('UsersTable', () => {
  it('lists index, name, email, role, whether the address is confirmed, purchases and joining day of every account', () => {
    renderTable();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'Email', 'Role', 'Email confirmed', 'Orders', 'Joined', 'Actions']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('1');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(['Sam Rider', 'sam@example.com', 'user', 'Yes', '3', '1 Feb 2026']),
    );
    // Long names and addresses keep to one line on a table, the whole text in their tooltip.
    expect(within(rows[1]!).getByTitle('sam@example.com')).toHaveTextContent('sam@example.com');
  });

  it("disables 'make Admin' for an address nobody has confirmed, and says why", async () => {
    const onAction = vi.fn();
    const unconfirmed = buildAdminUser({ name: 'Una Known', email: 'una@example.com', emailConfirmed: false });
    const { row } = renderTable({ users: [admin, unconfirmed], onAction });
    expect(row('una@example.com').getByRole('cell', { name: 'No' })).toBeInTheDocument();
    const makeAdmin = row('una@example.com').getByRole('button', { name: 'make Admin una@example.com' });
    expect(makeAdmin).toBeDisabled();
    expect(makeAdmin).toHaveAccessibleDescription('Confirm the email address first');
    expect(row('una@example.com').getByText('Confirm the email address first')).toBeVisible();
    await userEvent.click(makeAdmin);
    expect(onAction).not.toHaveBeenCalled();
    expect(row('una@example.com').getByRole('button', { name: 'Remove una@example.com' })).toBeEnabled();
  });

  it("hides 'make Admin' for admins", () => {
    const { row } = renderTable();
    expect(row('ada@example.com').queryByRole('button', { name: /make Admin/ })).not.toBeInTheDocument();
    expect(row('sam@example.com').getByRole('button', { name: 'make Admin sam@example.com' })).toHaveTextContent('make Admin');
  });

  it('asks to make a customer an admin, to remove another admin\'s rights, or to remove an account', async () => {
    const { row, onAction } = renderTable();
    await userEvent.click(row('sam@example.com').getByRole('button', { name: /make Admin/ }));
    expect(onAction).toHaveBeenLastCalledWith('make-admin', 'sam@example.com');
    await userEvent.click(row('sam@example.com').getByRole('button', { name: 'Remove sam@example.com' }));
    expect(onAction).toHaveBeenLastCalledWith('remove', 'sam@example.com');
    await userEvent.click(row('bea@example.com').getByRole('button', { name: 'Remove admin rights of bea@example.com' }));
    expect(onAction).toHaveBeenLastCalledWith('demote', 'bea@example.com');
    expect(row('sam@example.com').queryByRole('button', { name: /admin rights/ })).not.toBeInTheDocument();
  });

  it('offers nothing on the signed-in admin\'s own row', () => {
    const { row } = renderTable();
    expect(row('ada@example.com').queryAllByRole('button')).toHaveLength(0);
  });

  it('marks the signed-in admin and disables a row while its change is under way', () => {
    const { row } = renderTable({ pending: { email: 'sam@example.com', action: 'make-admin' } });
    expect(row('ada@example.com').getByText('You')).toBeInTheDocument();
    expect(row('sam@example.com').getByRole('button', { name: /make Admin/ })).toBeDisabled();
    expect(row('sam@example.com').getByRole('button', { name: /Remove/ })).toBeDisabled();
  });
});
