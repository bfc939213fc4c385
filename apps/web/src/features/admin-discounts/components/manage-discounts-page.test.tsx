import type { Category, Discount } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ManageDiscountsPage } from './manage-discounts-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SPRING = 'a'.repeat(24);
const FIVE = 'b'.repeat(24);
const BRAKES = 'c'.repeat(24);
const CATEGORIES: Category[] = [
  { _id: BRAKES, name: 'Brakes', count: 4 },
  { _id: 'd'.repeat(24), name: 'Other', count: 9 },
];
const base = { minSubtotal: 0, startsOn: null, endsOn: null, usesTotal: null, used: 0, oncePerCustomer: false, categoryId: null, appliesToDelivery: false, active: true };

describe('ManageDiscountsPage', () => {
  const fetchMock = stubFetch();
  let discounts: Discount[];
  let sent: Array<{ method: string; url: string; body: unknown }>;

  beforeEach(() => {
    sent = [];
    discounts = [
      { ...base, _id: FIVE, code: 'FIVEOFF', kind: 'amount', value: 5, used: 3, usesTotal: 10, active: false },
      { ...base, _id: SPRING, code: 'SPRING10', kind: 'percent', value: 10, minSubtotal: 50, startsOn: '2026-03-01', endsOn: '2026-05-31', categoryId: BRAKES },
    ];
  });

  function renderPage(answer: (method: string, url: string, body: unknown) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') sent.push({ method, url, body });
      const answered = answer(method, url, body);
      if (answered) return answered;
      if (url.startsWith('/api/categories')) return json(CATEGORIES);
      return json(discounts);
    });
    renderWithProviders(
      <>
        <ManageDiscountsPage />
        <ToastContainer />
      </>,
    );
    return userEvent.setup();
  }
  const rowOf = (code: string) => within(screen.getAllByTestId('discount-row').find((row) => within(row).queryByText(code))!);

  it("lists each code with its discount as '10 %' or '$5.00', minimum, dates, uses and whether it is active", async () => {
    renderPage();
    await screen.findByText('SPRING10');
    expect(screen.getByRole('heading', { level: 1, name: 'Discounts' })).toBeInTheDocument();
    expect(rowOf('SPRING10').getByText('10 %')).toBeInTheDocument();
    expect(rowOf('SPRING10').getByText('$50.00')).toBeInTheDocument();
    expect(rowOf('SPRING10').getByText('2026-03-01 – 2026-05-31')).toBeInTheDocument();
    expect(rowOf('SPRING10').getByText('0 / no limit')).toBeInTheDocument();
    expect(rowOf('SPRING10').getByText('Yes')).toBeInTheDocument();
    expect(rowOf('FIVEOFF').getByText('$5.00')).toBeInTheDocument();
    expect(rowOf('FIVEOFF').getByText('3 / 10')).toBeInTheDocument();
    expect(rowOf('FIVEOFF').getByText('No')).toBeInTheDocument();
    expect(rowOf('FIVEOFF').getByText('Always')).toBeInTheDocument();
  });

  it('adds a code in the dialog: its own checks first, then every field sent, the shop\'s refusal under its field', async () => {
    let conflict = true;
    const user = renderPage((method, _url, body) => {
      if (method !== 'POST') return undefined;
      if (conflict) {
        conflict = false;
        return json({ error: { code: 'CONFLICT', message: 'This code already exists', fieldErrors: { code: ['This code already exists'] } }, requestId: 'r1' }, 409);
      }
      discounts = [...discounts, { ...base, ...(body as object), _id: 'e'.repeat(24), used: 0 } as Discount];
      return json({ acknowledged: true, insertedId: 'e'.repeat(24) }, 201);
    });
    await screen.findByText('SPRING10');
    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add discount' }));

    await user.type(dialog.getByLabelText(/^Code/), 'summer 5');
    await user.type(dialog.getByLabelText('Value (%)'), '101');
    await user.type(dialog.getByLabelText(/^Start/), '2026-08-31');
    await user.type(dialog.getByLabelText(/^End/), '2026-06-01');
    await user.click(dialog.getByRole('button', { name: 'Add discount' }));
    expect(await dialog.findByText('Code may contain only letters and digits')).toBeInTheDocument();
    expect(dialog.getByText('Percent must be from 1 to 100, with at most 2 decimals')).toBeInTheDocument();
    expect(dialog.getByText('End must not be before start')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(dialog.getByLabelText(/^Code/));
    await user.type(dialog.getByLabelText(/^Code/), ' summer5 ');
    await user.selectOptions(dialog.getByLabelText('Kind'), 'Amount');
    await user.clear(dialog.getByLabelText('Value ($)'));
    await user.type(dialog.getByLabelText('Value ($)'), '7.50');
    await user.type(dialog.getByLabelText('Minimum subtotal ($)'), '40');
    await user.clear(dialog.getByLabelText(/^End/));
    await user.type(dialog.getByLabelText(/^End/), '2026-09-30');
    await user.type(dialog.getByLabelText(/^Uses in all/), '100');
    await user.click(dialog.getByLabelText('Once per customer'));
    await user.selectOptions(dialog.getByLabelText('Category'), 'Brakes');
    await user.click(dialog.getByLabelText('Discounts delivery too'));
    await user.click(dialog.getByRole('button', { name: 'Add discount' }));
    expect(await dialog.findByText('This code already exists', { selector: 'p' })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Code/)).toHaveAccessibleDescription(/This code already exists/);

    await user.click(dialog.getByRole('button', { name: 'Add discount' }));
    expect(await screen.findByText('Discount added')).toBeInTheDocument();
    const summer = {
      code: 'SUMMER5',
      kind: 'amount',
      value: 7.5,
      minSubtotal: 40,
      startsOn: '2026-08-31',
      endsOn: '2026-09-30',
      usesTotal: 100,
      oncePerCustomer: true,
      categoryId: BRAKES,
      appliesToDelivery: true,
      active: true,
    };
    expect(sent).toEqual([
      { method: 'POST', url: '/api/discounts', body: summer },
      { method: 'POST', url: '/api/discounts', body: summer },
    ]);
    expect(await screen.findByText('SUMMER5')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a code with every field filled in, and sends the changed discount', async () => {
    const user = renderPage((method) => (method === 'PATCH' ? json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }) : undefined));
    await screen.findByText('SPRING10');
    await user.click(screen.getByRole('button', { name: 'Edit SPRING10' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit SPRING10' }));
    expect(dialog.getByLabelText(/^Code/)).toHaveValue('SPRING10');
    expect(dialog.getByLabelText('Kind')).toHaveValue('percent');
    expect(dialog.getByLabelText('Value (%)')).toHaveValue('10');
    expect(dialog.getByLabelText('Minimum subtotal ($)')).toHaveValue('50.00');
    expect(dialog.getByLabelText(/^Start/)).toHaveValue('2026-03-01');
    expect(dialog.getByLabelText('Category')).toHaveValue(BRAKES);
    expect(dialog.getByLabelText('Active')).toBeChecked();
    expect(dialog.getByLabelText('Once per customer')).not.toBeChecked();

    await user.click(dialog.getByLabelText('Active'));
    await user.selectOptions(dialog.getByLabelText('Category'), 'Every category');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Discount saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: `/api/discounts/${SPRING}`,
        body: { code: 'SPRING10', kind: 'percent', value: 10, minSubtotal: 50, startsOn: '2026-03-01', endsOn: '2026-05-31', usesTotal: null, oncePerCustomer: false, categoryId: null, appliesToDelivery: false, active: false },
      },
    ]);
  });

  it('names a category deleted since the code was made, so the admin picks another', async () => {
    discounts = [{ ...discounts[1]!, categoryId: 'f'.repeat(24) }];
    const user = renderPage();
    await screen.findByText('SPRING10');
    await user.click(screen.getByRole('button', { name: 'Edit SPRING10' }));
    const category = within(screen.getByRole('dialog', { name: 'Edit SPRING10' })).getByLabelText('Category');
    await waitFor(() => expect(category).toHaveDisplayValue('A deleted category (applies to no part)'));
  });

  it('asks before deleting; a used code is deactivated, and the page says so', async () => {
    const user = renderPage((method, url) => {
      if (method !== 'DELETE') return undefined;
      return url.endsWith(FIVE) ? json({ acknowledged: true, deletedCount: 0, deactivated: true }) : json({ acknowledged: true, deletedCount: 1, deactivated: false });
    });
    await screen.findByText('SPRING10');
    await user.click(screen.getByRole('button', { name: 'Delete FIVEOFF' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this discount?' }));
    expect(dialog.getByText('3 purchases have used FIVEOFF, so it will be deactivated instead: those purchases keep naming it, and nobody can use it again.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Discount deactivated: purchases have used it')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete SPRING10' }));
    expect(screen.getByText('SPRING10 will be removed. No purchase has used it.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this discount?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Discount deleted')).toBeInTheDocument();
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([`DELETE /api/discounts/${FIVE}`, `DELETE /api/discounts/${SPRING}`]);
  });
});
