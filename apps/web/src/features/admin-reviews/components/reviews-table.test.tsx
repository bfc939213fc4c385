import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildReview } from '@/test/fixtures';
import { ReviewsTable } from './reviews-table';

describe('ReviewsTable', () => {
  it('lists index, Name, Email, the review and a Delete button under manage', () => {
    const review = buildReview({ name: 'sam rider', email: 'sam@example.com', review: 'Fast delivery.', ratings: '5' });
    render(<ReviewsTable reviews={[review]} firstIndex={21} onDelete={vi.fn()} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'Email', 'Review', 'Ratings', 'manage']);
    const row = within(screen.getAllByRole('row')[1]!);
    expect(row.getByRole('rowheader')).toHaveTextContent('21');
    expect(row.getByText('sam rider')).toBeInTheDocument();
    expect(row.getByText('sam@example.com')).toBeInTheDocument();
    expect(row.getByText('Fast delivery.')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete review by sam rider' })).toBeInTheDocument();
  });

  it('renders what reviewers wrote as text, never as markup', () => {
    const attack = '<img src=x onerror=window.__xss=1>';
    render(<ReviewsTable reviews={[buildReview({ name: '<b>bold</b>', review: attack })]} onDelete={vi.fn()} />);
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
