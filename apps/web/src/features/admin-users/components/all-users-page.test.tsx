import type { AdminUser } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAdminUser } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { AllUsersPage } from './all-users-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('AllUsersPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let users: AdminUser[];

  beforeEach(() => {
    users = [
      buildAdminUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' }),
      buildAdminUser({ name: 'Sam Rider', email: 'sam@example.com' }),
      buildAdminUser({ name: 'Bea Boss', email: 'bea@example.com', role: 'admin' }),
    ];
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderPage() {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['users', { q: '' }], users);
    renderWithProviders(
      <>
        <AllUsersPage currentEmail="ada@example.com" />
        <ToastContainer />
      </>,
      { queryClient },
    );
    return { user: userEvent.setup(), row: (email: string) => within(screen.getByRole('row', { name: new RegExp(email) })) };
  }

  it("removes a user only after 'Are You Sure?' is confirmed, then reloads the list", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        users = users.filter((u) => u.email !== 'sam@example.com');
        return json({ acknowledged: true, deletedCount: 1 });
      }
      return json(users);
    });
    const { user, row } = renderPage();

    await user.click(row('sam@example.com').getByRole('button', { name: /Remove/ }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Sure?' });
    expect(dialog).toHaveTextContent('sam@example.com');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Remove' }));
    expect(await screen.findByText('User sam@example.com is deleted')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/admin/sam%40example.com');
    expect(init?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('row', { name: /sam@example.com/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the user in place when the removal is cancelled', async () => {
    const { user, row } = renderPage();
    await user.click(row('sam@example.com').getByRole('button', { name: /Remove/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('row', { name: /sam@example.com/ })).toBeInTheDocument();
  });

  it("shows the shop's reason when it refuses a removal", async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'DELETE'
        ? json({ error: { code: 'CONFLICT', message: 'You cannot remove your own account' }, requestId: 'r1' }, 409)
        : json(users),
    );
    const { user, row } = renderPage();
    await user.click(row('bea@example.com').getByRole('button', { name: 'Remove bea@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Remove' }));
    expect(await screen.findByText('You cannot remove your own account')).toBeInTheDocument();
  });

  it("confirms 'Successful made an Admin', or says 'Failed to Make an Admin' when refused", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') return json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      return json(users);
    });
    const { user, row } = renderPage();
    await user.click(row('sam@example.com').getByRole('button', { name: /make Admin/ }));
    // Asked first: nothing is sent until the admin says yes.
    const question = screen.getByRole('dialog', { name: 'Make this person an admin?' });
    expect(question).toHaveTextContent('sam@example.com');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Yes, make Admin' }));
    expect(await screen.findByText('Successful made an Admin')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/admin/sam%40example.com');

    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? json({ error: { code: 'FORBIDDEN', message: 'This needs an admin account' }, requestId: 'r2' }, 403) : json(users),
    );
    await user.click(row('sam@example.com').getByRole('button', { name: /make Admin/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Make this person an admin?' })).getByRole('button', { name: 'Yes, make Admin' }));
    expect(await screen.findByText('Failed to Make an Admin')).toBeInTheDocument();
  });

  it("removes another admin's rights after asking, and says the shop's reason when it refuses", async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'DELETE' ? json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) : json(users),
    );
    const { user, row } = renderPage();
    await user.click(row('bea@example.com').getByRole('button', { name: 'Remove admin rights of bea@example.com' }));
    const question = screen.getByRole('dialog', { name: 'Remove admin rights?' });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Yes, remove admin' }));
    expect(await screen.findByText('bea@example.com is a customer again')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/admin-role/bea%40example.com');

    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'DELETE' ? json({ error: { code: 'CONFLICT', message: 'The shop needs at least one admin' }, requestId: 'r3' }, 409) : json(users),
    );
    await user.click(row('bea@example.com').getByRole('button', { name: 'Remove admin rights of bea@example.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove admin rights?' })).getByRole('button', { name: 'Yes, remove admin' }));
    expect(await screen.findByText('The shop needs at least one admin')).toBeInTheDocument();
  });

  it("makes a customer staff after 'Make this person staff?', badges them, and takes it back after asking", async () => {
    const calls: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT' || init?.method === 'DELETE') {
        calls.push(`${init.method} ${String(input)}`);
        const role = init.method === 'PUT' ? 'staff' : 'user';
        users = users.map((u) => (u.email === 'sam@example.com' ? { ...u, role } : u));
        return json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      return json(users);
    });
    const { user, row } = renderPage();
    // Admins are staff already: they are offered neither button.
    expect(row('bea@example.com').queryByRole('button', { name: /make Staff|Remove staff/ })).not.toBeInTheDocument();
    expect(row('sam@example.com').queryByText('Staff')).not.toBeInTheDocument();

    await user.click(row('sam@example.com').getByRole('button', { name: 'make Staff sam@example.com' }));
    const question = screen.getByRole('dialog', { name: 'Make this person staff?' });
    expect(question).toHaveTextContent('sam@example.com');
    expect(calls).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Yes, make Staff' }));
    expect(await screen.findByText('sam@example.com is staff now')).toBeInTheDocument();
    expect(calls).toEqual(['PUT /api/user/staff/sam%40example.com']);
    expect(await row('sam@example.com').findByText('Staff')).toBeInTheDocument();

    // A staff row offers 'Remove staff' instead, asked first too; cancelling sends nothing.
    await user.click(row('sam@example.com').getByRole('button', { name: 'Remove staff rights of sam@example.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove staff rights?' })).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(1);
    await user.click(row('sam@example.com').getByRole('button', { name: 'Remove staff rights of sam@example.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove staff rights?' })).getByRole('button', { name: 'Yes, remove staff' }));
    expect(await screen.findByText('sam@example.com is a customer again')).toBeInTheDocument();
    expect(calls.at(-1)).toBe('DELETE /api/user/staff-role/sam%40example.com');
    await waitFor(() => expect(row('sam@example.com').queryByText('Staff')).not.toBeInTheDocument());
    expect(row('sam@example.com').getByRole('button', { name: 'make Staff sam@example.com' })).toBeInTheDocument();
  });

  it("says the shop's reason when it refuses to make someone staff, and offers it only once the address is confirmed", async () => {
    users.push(buildAdminUser({ name: 'New Rider', email: 'new@example.com', emailConfirmed: false }));
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? json({ error: { code: 'NOT_FOUND', message: 'No account has that email address' }, requestId: 'r5' }, 404) : json(users),
    );
    const { user, row } = renderPage();
    expect(row('new@example.com').getByRole('button', { name: 'make Staff new@example.com' })).toBeDisabled();
    expect(row('new@example.com').getByRole('button', { name: 'make Staff new@example.com' })).toHaveAccessibleDescription('Confirm the email address first');
    await user.click(row('sam@example.com').getByRole('button', { name: 'make Staff sam@example.com' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Make this person staff?' })).getByRole('button', { name: 'Yes, make Staff' }));
    expect(await screen.findByText('No account has that email address')).toBeInTheDocument();
  });

  it("makes an account a workshop with its trade discount: checked as typed, the shop's refusal under the field, then saved and listed", async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method !== 'PUT') return json(users);
      const body = JSON.parse(String(init.body)) as { workshop: boolean; tradeDiscount: number };
      sent.push({ url: input, body });
      if (body.tradeDiscount === 45) {
        return json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid fields', fieldErrors: { tradeDiscount: ['Ask the owner before giving more than 40%'] } }, requestId: 'r4' }, 422);
      }
      users = users.map((u) => (u.email === 'sam@example.com' ? { ...u, ...body } : u));
      return json(body);
    });
    const { user, row } = renderPage();
    expect(row('sam@example.com').queryByText(/^Workshop \d/)).not.toBeInTheDocument();
    await user.click(row('sam@example.com').getByRole('button', { name: 'Workshop settings of sam@example.com' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Workshop' }));
    expect(dialog.queryByLabelText(/Trade discount/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: /Workshop/ }));
    const discount = dialog.getByLabelText(/Trade discount/);

    // The shared rule, before anything is sent: 0 to 50 percent, two decimals at most.
    await user.clear(discount);
    await user.type(discount, '55');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter a trade discount from 0 to 50 percent, with at most 2 decimals')).toBeInTheDocument();
    expect(discount).toHaveAccessibleDescription(/Enter a trade discount from 0 to 50 percent/);
    await user.clear(discount);
    await user.type(discount, '12.555');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter a trade discount from 0 to 50 percent, with at most 2 decimals')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // The shop's own refusal lands under the field.
    await user.clear(discount);
    await user.type(discount, '45');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Ask the owner before giving more than 40%')).toBeInTheDocument();

    await user.clear(discount);
    await user.type(discount, '12.5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('sam@example.com is a workshop with 12.5% trade discount')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ url: '/api/user/workshop/sam%40example.com', body: { workshop: true, tradeDiscount: 12.5 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await row('sam@example.com').findByText('Workshop 12.5%')).toBeInTheDocument();

    // No longer a workshop: no discount, whatever the hidden box held.
    await user.click(row('sam@example.com').getByRole('button', { name: 'Workshop settings of sam@example.com' }));
    const again = within(screen.getByRole('dialog', { name: 'Workshop' }));
    expect(again.getByLabelText(/Trade discount/)).toHaveValue('12.5');
    await user.click(again.getByRole('checkbox', { name: /Workshop/ }));
    await user.click(again.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('sam@example.com is not a workshop')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ url: '/api/user/workshop/sam%40example.com', body: { workshop: false, tradeDiscount: 0 } });
    await waitFor(() => expect(row('sam@example.com').queryByText('Workshop 12.5%')).not.toBeInTheDocument());
  });
});
