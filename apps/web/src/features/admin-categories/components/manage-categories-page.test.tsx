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

  it('asks before deleting an empty category, and says why when parts arrived in it meanwhile', async () => {
    categories = [...categories, { _id: 'c'.repeat(24), name: 'Tyres', count: 0 }];
    const user = renderPage((_url, init) =>
      init?.method === 'DELETE' ? refusal(409, "'Tyres' holds 1 part. Move it to another category first.") : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Tyres' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this category?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("'Tyres' holds 1 part. Move it to another category first.")).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Tyres' })).toBeInTheDocument();
  });

  it('turns Delete off for a category that holds parts, and says why beside it', async () => {
    renderPage();
    const remove = await screen.findByRole('button', { name: 'Delete Brakes' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription("'Brakes' holds 3 parts. Move them to another category first.");
    expect(row('Brakes').getByText("'Brakes' holds 3 parts. Move them to another category first.")).toBeVisible();
  });

  it("moves a category's parts to the one chosen, after which its Delete is on", async () => {
    categories = [...categories, { _id: 'c'.repeat(24), name: 'Filters', count: 1 }];
    const sent: { url: string; body: unknown }[] = [];
    const user = renderPage((url, init) => {
      if (init?.method !== 'POST') return undefined;
      sent.push({ url, body: JSON.parse(String(init.body)) });
      categories = categories.map((category) => (category.name === 'Brakes' ? { ...category, count: 0 } : category.name === 'Other' ? { ...category, count: 3 } : category));
      return json({ acknowledged: true, matchedCount: 3, modifiedCount: 3 });
    });
    await user.click(await screen.findByRole('button', { name: 'Move 3 parts of Brakes to …' }));
    expect(row('Brakes').getByRole('button', { name: 'Move 3 parts of Brakes to …' })).toHaveTextContent('Move 3 parts to …');
    expect(row('Filters').getByRole('button', { name: 'Move 1 part of Filters to …' })).toBeInTheDocument();
    const dialog = within(screen.getByRole('dialog', { name: "Move the parts of 'Brakes'" }));
    expect(screen.getByRole('dialog', { name: "Move the parts of 'Brakes'" })).toHaveAccessibleDescription("All 3 parts go to the category you choose; 'Brakes' can then be deleted.");
    const target = dialog.getByRole('combobox', { name: 'Move to' });
    expect(within(target).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a category', 'Other', 'Filters']);

    await user.click(dialog.getByRole('button', { name: 'Move 3 parts' }));
    expect(await dialog.findByText("Choose one of the shop's categories")).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.selectOptions(target, 'Other');
    await user.click(dialog.getByRole('button', { name: 'Move 3 parts' }));
    expect(await screen.findByText("3 parts moved to 'Other'")).toBeInTheDocument();
    expect(sent).toEqual([{ url: `/api/categories/${'a'.repeat(24)}/move`, body: { to: 'b'.repeat(24) } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(row('Brakes').getByRole('button', { name: 'Delete Brakes' })).toBeEnabled());
    expect(row('Brakes').queryByRole('button', { name: /^Move/ })).not.toBeInTheDocument();
    expect(row('Other').getByRole('button', { name: 'Move 3 parts of Other to …' })).toBeInTheDocument();
  });

  it("shows the shop's reason under the choice when it refuses the move", async () => {
    const user = renderPage((_url, init) =>
      init?.method === 'POST' ? refusal(422, "Choose one of the shop's categories", { to: ["Choose one of the shop's categories"] }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Move 3 parts of Brakes to …' }));
    const dialog = within(screen.getByRole('dialog', { name: "Move the parts of 'Brakes'" }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Move to' }), 'Other');
    await user.click(dialog.getByRole('button', { name: 'Move 3 parts' }));
    expect(await screen.findByText('The parts could not be moved.')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Move to' })).toHaveAccessibleDescription("Choose one of the shop's categories");
    expect(screen.getByRole('dialog', { name: "Move the parts of 'Brakes'" })).toBeInTheDocument();
  });
});
