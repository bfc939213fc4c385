import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildReview } from '@/test/fixtures';
import { newestFirst, ReviewList } from './review-list';

describe('ReviewList', () => {
  it('shows the reviews newest first, as the server lists them oldest first', () => {
    const reviews = [
      buildReview({ name: 'oldest', review: 'first' }),
      buildReview({ name: 'middle', review: 'second' }),
      buildReview({ name: 'newest', review: 'third' }),
    ];
    render(<ReviewList reviews={reviews} />);

    const names = screen.getAllByRole('listitem').map((item) => within(item).getByRole('img').getAttribute('alt'));
    expect(names).toEqual(['newest', 'middle', 'oldest']);
  });

  it('keeps only the three latest when given more', () => {
    const reviews = ['a', 'b', 'c', 'd', 'e'].map((name) => buildReview({ name }));
    expect(newestFirst(reviews).map((review) => review.name)).toEqual(['e', 'd', 'c']);
  });

  it('shows avatar, capitalised name and text, and the ratings as given', () => {
    render(<ReviewList reviews={[buildReview({ name: 'sam rider', review: 'fast delivery.', ratings: '4' })]} />);

    const avatar = screen.getByRole('img', { name: 'sam rider' });
    expect(avatar).toHaveAttribute('src', '/images/avatar.webp');
    expect(avatar.parentElement).toHaveClass('rounded-full');
    expect(screen.getByText('sam rider')).toHaveClass('capitalize');
    expect(screen.getByText('Fast delivery.')).toBeInTheDocument();
    expect(screen.getByText('Ratings: 4')).toBeInTheDocument();
  });

  it("shows a deleted account's review, which keeps no photo, with the reviewer's initial instead of an empty picture", () => {
    render(<ReviewList reviews={[buildReview({ name: 'A former customer', img: '', review: 'Still a good part.' })]} />);

    const avatar = screen.getByRole('img', { name: 'A former customer' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar).toHaveTextContent(/^A$/);
    expect(avatar.parentElement).toHaveClass('rounded-full');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('Still a good part.')).toBeInTheDocument();
  });

  it('shows ratings that are not a number exactly as typed', () => {
    render(<ReviewList reviews={[buildReview({ ratings: 'five stars!' })]} />);
    expect(screen.getByText('Ratings: five stars!')).toBeInTheDocument();
  });

  it('renders review text as text, never as markup', () => {
    render(<ReviewList reviews={[buildReview({ review: '<script>alert(1)</script>' })]} />);
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('says so when there are no reviews yet', () => {
    render(<ReviewList reviews={[]} />);
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  });
});
