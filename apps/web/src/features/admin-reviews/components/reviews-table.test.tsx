import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildReview } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ReviewsTable } from './reviews-table';

describe('ReviewsTable', () => {
  it('lists index, Name, Email, the part, the review, whether it is verified, its day and a Delete button under manage', () => {
    const review = buildReview({ name: 'sam rider', email: 'sam@example.com', review: 'Fast delivery.', ratings: '5' });
    renderWithProviders(<ReviewsTable reviews={[review]} firstIndex={21} onDelete={vi.fn()} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'Email', 'Part', 'Review', 'Ratings', 'Verified', 'Date', 'manage']);
    const row = within(screen.getAllByRole('row')[1]!);
    expect(row.getByRole('rowheader')).toHaveTextContent('21');
    expect(row.getByText('sam rider')).toBeInTheDocument();
    expect(row.getByText('sam@example.com')).toBeInTheDocument();
    expect(row.getByText('Fast delivery.')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete review by sam rider' })).toBeInTheDocument();
  });

  it("links a part's review to the part's page, and says whether it came from a paid order and when", () => {
    const ofPart = buildReview({ name: 'ann', productId: 'p1', productName: 'Iridium Spark Plug', verified: true, createdAt: '2026-03-14T09:30:00.000Z' });
    const ofShop = buildReview({ name: 'bob', createdAt: '2026-03-15T09:30:00.000Z' });
    const ofRemoved = buildReview({ name: 'cat', productId: 'p2', verified: false });
    renderWithProviders(<ReviewsTable reviews={[ofPart, ofShop, ofRemoved]} onDelete={vi.fn()} />);
    const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) }));
    expect(row('ann').getByRole('link', { name: 'Iridium Spark Plug' })).toHaveAttribute('href', '/parts/p1');
    expect(row('ann').getByRole('cell', { name: 'Verified buyer' })).toBeInTheDocument();
    expect(row('ann').getByRole('cell', { name: '14 Mar 2026' })).toBeInTheDocument();
    expect(row('bob').getByRole('cell', { name: 'The shop' })).toBeInTheDocument();
    expect(row('bob').queryByRole('link')).not.toBeInTheDocument();
    expect(row('cat').getByRole('cell', { name: 'A removed part' })).toBeInTheDocument();
    expect(row('cat').getByRole('cell', { name: 'No' })).toBeInTheDocument();
    // The review's text keeps to one line on a table: the whole of it is in its tooltip.
    expect(row('ann').getByTitle(ofPart.review)).toHaveTextContent(ofPart.review);
  });

  it("shows the photo beside the name, or the reviewer's initial when there is none (a deleted account's review)", () => {
    const withPhoto = buildReview({ name: 'ann', img: '/images/ann.webp' });
    const former = buildReview({ name: 'A former customer', img: '' });
    renderWithProviders(<ReviewsTable reviews={[withPhoto, former]} onDelete={vi.fn()} />);
    const row = (name: RegExp) => screen.getByRole('row', { name });
    expect(row(/\bann\b/).querySelector('img')).toHaveAttribute('src', '/images/ann.webp');
    expect(row(/A former customer/).querySelector('img')).toBeNull();
    expect(within(row(/A former customer/)).getByText('A', { exact: true }).parentElement).toHaveClass('rounded-full');
    expect(document.querySelector('img[src=""]')).toBeNull();
  });

  it('renders what reviewers wrote as text, never as markup', () => {
    const attack = '<img src=x onerror=window.__xss=1>';
    renderWithProviders(<ReviewsTable reviews={[buildReview({ name: '<b>bold</b>', review: attack })]} onDelete={vi.fn()} />);
    expect(screen.getByText(attack)).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });

  it('asks to delete a review, and disables it while its deletion is under way', async () => {
    const onDelete = vi.fn();
    const [first, second] = [buildReview({ name: 'ann' }), buildReview({ name: 'bob' })];
    const { rerender } = render(<ReviewsTable reviews={[first!, second!]} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete review by bob' }));
    expect(onDelete).toHaveBeenCalledWith(second);
    rerender(<ReviewsTable reviews={[first!, second!]} onDelete={onDelete} deletingId={second!._id} />);
    expect(screen.getByRole('button', { name: 'Delete review by bob' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete review by ann' })).toBeEnabled();
  });
});
