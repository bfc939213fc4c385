import type { Category } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ManageCategoriesPage } from './manage-categories-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
  json({ error: { code: 'CONFLICT', message, ...(fieldErrors ? { fieldErrors } : {}) }, requestId: 'r1' }, status);

describe('ManageCategoriesPage', () => {
  const fetchMock = stubFetch();
  let categories: Category[];

  beforeEach(() => {
    categories = [
      { _id: 'a'.repeat(24), name: 'Brakes', count: 3 },
      { _id: 'b'.repeat(24), name: 'Other', count: 0 },
    ];
  });

  function renderPage(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (url, init) => answer(String(url), init) ?? json(categories));
    renderWithProviders(
      <>
        <ManageCategoriesPage />
        <ToastContainer />
      </>,
    );
    return userEvent.setup();
  }
  const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^\\d+ ${name}`) }));

  it('lists each category with its parts; Other has no actions', async () => {
    renderPage();
    expect(await screen.findByRole('cell', { name: 'Brakes' })).toBeInTheDocument();
    expect(row('Brakes').getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(row('Brakes').getByRole('button', { name: 'Rename Brakes' })).toBeInTheDocument();
    expect(row('Other').queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a category, and shows a taken name under the field', async () => {
    const user = renderPage((url, init) => {
      if (init?.method !== 'POST') return undefined;
      const { name } = JSON.parse(String(init.body));
      if (name === 'brakes') return refusal(409, "There is already a category named 'brakes'", { name: ["There is already a category named 'brakes'"] });
      categories = [...categories, { _id: 'c'.repeat(24), name, count: 0 }];
      return json({ acknowledged: true, insertedId: 'c'.repeat(24) }, 201);
    });
    await screen.findByRole('cell', { name: 'Brakes' });
    await user.type(screen.getByLabelText('Category name'), 'brakes');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText("There is already a category named 'brakes'", { selector: 'p' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Category name'));
    await user.type(screen.getByLabelText('Category name'), 'Tyres & Wheels');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category added')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Tyres & Wheels' })).toBeInTheDocument();
  });

  it('renames a category in its dialog', async () => {
    const user = renderPage((url, init) => {
      if (init?.method !== 'PATCH') return undefined;
      expect(url).toBe(`/api/categories/${'a'.repeat(24)}`);
      categories = categories.map((category) => (category.name === 'Brakes' ? { ...category, name: JSON.parse(String(init.body)).name } : category));
      return json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Brakes' }));
    const dialog = within(screen.getByRole('dialog', { name: "Rename 'Brakes'" }));
    await user.clear(dialog.getByLabelText('New name'));
    await user.type(dialog.getByLabelText('New name'), 'Brakes & Discs');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category renamed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Brakes & Discs' })).toBeInTheDocument();
  });

  it('asks before deleting, and says why a category that holds parts stays', async () => {
    const user = renderPage((_url, init) =>
      init?.method === 'DELETE' ? refusal(409, "'Brakes' holds 3 parts. Move them to another category first.") : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Brakes' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this category?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("'Brakes' holds 3 parts. Move them to another category first.")).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Brakes' })).toBeInTheDocument();
  });
});
