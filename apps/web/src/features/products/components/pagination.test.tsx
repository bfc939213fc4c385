import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Pagination, shownPages } from './pagination';

describe('Pagination', () => {
  it('numbers the pages from 1 and marks the current one', () => {
    renderWithProviders(<Pagination pageCount={3} currentPage={1} onPageChange={vi.fn()} />);

    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '2' })).toHaveClass('btn-active');
    expect(screen.getByRole('link', { name: '1' })).not.toHaveAttribute('aria-current');
  });

  it("links each page's address, the address's other choices kept, so the pages work without JavaScript", () => {
    renderWithProviders(<Pagination pageCount={3} currentPage={1} onPageChange={vi.fn()} anchor="products" />, { route: '/?show=unconfirmed&page=2' });

    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '/?show=unconfirmed#products');
    expect(screen.getByRole('link', { name: '3' })).toHaveAttribute('href', '/?show=unconfirmed&page=3#products');
  });

  it('asks for the zero-based page of the clicked link', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<Pagination pageCount={3} currentPage={0} onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('link', { name: '3' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('does nothing when the current page is clicked', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<Pagination pageCount={2} currentPage={0} onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('link', { name: '1' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('shows a single link for a single page and nothing without products', () => {
    const { rerender } = renderWithProviders(<Pagination pageCount={1} currentPage={0} onPageChange={vi.fn()} />);
    expect(screen.getAllByRole('link')).toHaveLength(1);

    rerender(<Pagination pageCount={0} currentPage={0} onPageChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('shownPages', () => {
  it('shows every number up to 15 pages, and beyond them the first, the last and two either side of the current one', () => {
    expect(shownPages(12, 5)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(shownPages(1667, 0)).toEqual([0, 1, 2, 'gap', 1666]);
    expect(shownPages(1667, 800)).toEqual([0, 'gap', 798, 799, 800, 801, 802, 'gap', 1666]);
    expect(shownPages(1667, 1665)).toEqual([0, 'gap', 1663, 1664, 1665, 1666]);
    expect(shownPages(16, 3)).toEqual([0, 1, 2, 3, 4, 5, 'gap', 15]);
  });
});
