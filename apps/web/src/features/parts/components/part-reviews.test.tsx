import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { buildReview } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PartReviews } from './part-reviews';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const ID = 'c'.repeat(24);

describe('PartReviews', () => {
  const fetchMock = stubFetch();

  it("shows '{average} out of 5', '({n} reviews)', the reviews newest first with 'Verified purchase', and more on demand", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('page=0')
        ? json({
            total: 6,
            average: 4.5,
            reviews: [
              buildReview({ name: 'hana sato', review: 'Strong bite.', ratings: '5', verified: true, productId: ID, createdAt: '2026-11-20T10:00:00.000Z' }),
              ...Array.from({ length: 4 }, (_, index) => buildReview({ name: `rider ${index}`, ratings: '4', productId: ID, verified: false })),
            ],
          })
        : json({ total: 6, average: 4.5, reviews: [buildReview({ name: 'oldest rider', ratings: '4', productId: ID, verified: true })] }),
    );
    renderWithProviders(<PartReviews productId={ID} />);
    expect(await screen.findByText('4.5 out of 5')).toBeInTheDocument();
    expect(screen.getByText('(6 reviews)')).toBeInTheDocument();
    const items = screen.getAllByRole('article');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('hana sato');
    expect(items[0]).toHaveTextContent('Verified purchase');
    expect(items[1]).not.toHaveTextContent('Verified purchase');
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(await screen.findByText('oldest rider')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/reviews')).at(-1)).toContain(`/products/${ID}/reviews?page=1&size=5`);
  });

  it("shows a review without a photo (a deleted account's) with the reviewer's initial, and nothing to enlarge", async () => {
    fetchMock.mockResolvedValue(
      json({ total: 2, average: 4, reviews: [buildReview({ name: 'A former customer', img: '', review: 'Good pads.', productId: ID }), buildReview({ name: 'hana sato', productId: ID })] }),
    );
    renderWithProviders(<PartReviews productId={ID} />);
    const [former, other] = await screen.findAllByRole('article');
    expect(former).toHaveTextContent('Good pads.');
    expect(within(former!).getByText('A', { exact: true }).parentElement).toHaveClass('rounded-full');
    expect(former!.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: "Enlarge the photo of A former customer's review" })).not.toBeInTheDocument();
    // A review with a photo still shows it, to be enlarged.
    expect(within(other!).getByRole('button', { name: "Enlarge the photo of hana sato's review" })).toBeInTheDocument();
    expect(document.querySelector('img[src=""]')).toBeNull();
  });

  it("dates each review by the shop's time zone, not the browser's, so the server's page and every browser agree", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/settings')
        ? json({ timeZone: 'America/New_York' })
        : json({ total: 1, average: 5, reviews: [buildReview({ name: 'hana sato', productId: ID, createdAt: '2026-11-20T03:00:00.000Z' })] }),
    );
    renderWithProviders(<PartReviews productId={ID} />);
    const [review] = await screen.findAllByRole('article');
    expect(await within(review!).findByText('19 Nov 2026')).toHaveAttribute('datetime', '2026-11-20T03:00:00.000Z');
  });

  it("says 'No reviews yet' for a part without reviews", async () => {
    fetchMock.mockResolvedValue(json({ total: 0, average: 0, reviews: [] }));
    renderWithProviders(<PartReviews productId={ID} />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByText(/out of 5/)).not.toBeInTheDocument();
  });

  it("opens a review's photo at full size in a dialog, and closes it", async () => {
    const photo = `/images/${'f'.repeat(32)}.webp`;
    fetchMock.mockResolvedValue(json({ total: 1, average: 5, reviews: [buildReview({ name: 'hana sato', img: photo, productId: ID })] }));
    renderWithProviders(<PartReviews productId={ID} />);
    fireEvent.click(await screen.findByRole('button', { name: "Enlarge the photo of hana sato's review" }));
    const dialog = screen.getByRole('dialog', { name: "Photo of hana sato's review" });
    expect(within(dialog).getByRole('img', { name: "Photo of hana sato's review" })).toHaveAttribute('src', photo);
    expect(within(dialog).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
