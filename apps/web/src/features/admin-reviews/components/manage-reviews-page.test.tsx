import type { Review } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildReview } from '@/test/fixtures';
import { jsonResponse } from '@/test/image-upload-stub';
import { renderWithProviders } from '@/test/render';
import { ManageReviewsPage } from './manage-reviews-page';

/** The row showing this text, found by the text: naming every row of a 20-row table is slow in jsdom. */
const rowWith = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!;
const queryRowWith = (text: string) => screen.queryAllByText(text)[0]?.closest('tr') ?? null;

describe('ManageReviewsPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** Newest first, as the shop pages them. */
  let reviews: Review[];

  beforeEach(() => {
    reviews = Array.from({ length: 25 }, (_, index) => buildReview({ name: `rider ${index + 1}`, email: `rider${index + 1}@example.com` }));
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      if (init?.method === 'DELETE') {
        reviews = reviews.filter((review) => !url.pathname.endsWith(review._id));
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      }
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      return jsonResponse(reviews.slice(page * size, page * size + size));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = () =>
    renderWithProviders(
      <>
        <ManageReviewsPage />
        <ToastContainer />
      </>,
      { route: '/dashbord/manageReview' },
    );

  it('shows 20 reviews a page, newest first, and older ones on the next', async () => {
    renderPage();
    expect(await rowWith('rider1@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/getreviews?page=0&size=20');

    // 'Older' is offered once the shop has shown that older reviews exist.
    const pager = () => within(screen.getByRole('navigation', { name: 'Review pages' }));
    await waitFor(() => expect(pager().getByRole('button', { name: 'Older' })).toBeEnabled());
    expect(pager().getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(pager().getByRole('button', { name: 'Older' }));
    expect(await rowWith('rider25@example.com')).toBeInTheDocument();
    expect(within(await rowWith('rider21@example.com')).getByRole('rowheader')).toHaveTextContent('21');
    expect(pager().getByText('Page 2')).toBeInTheDocument();
    expect(pager().getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(pager().getByRole('button', { name: 'Newer' })).toBeEnabled();
  });

  it("deletes a review only after 'Are You Sure?You Want to Delete?' is confirmed", async () => {
    const user = userEvent.setup();
    renderPage();
    const target = reviews[2]!;
    const row = within(await rowWith('rider3@example.com'));

    await user.click(row.getByRole('button', { name: 'Delete review by rider 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Sure?You Want to Delete?' });
    expect(dialog).toHaveTextContent('The review by rider 3 will be removed from the shop.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(row.getByRole('button', { name: 'Delete review by rider 3' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product Delete Successful.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe(`/api/review/${target._id}`);
    await waitFor(() => expect(queryRowWith('rider3@example.com')).not.toBeInTheDocument());
  });

  it("shows the shop's reason when a deletion is refused", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE'
        ? jsonResponse({ error: { code: 'NOT_FOUND', message: 'Review not found' }, requestId: 'r1' }, 404)
        : jsonResponse(reviews.slice(0, 20)),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowWith('rider1@example.com')).getByRole('button', { name: /Delete/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Review not found')).toBeInTheDocument();
    expect(screen.queryByText('Product Delete Successful.')).not.toBeInTheDocument();
  });
});
