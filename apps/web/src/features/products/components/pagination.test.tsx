import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('numbers the pages from 1 and marks the current one', () => {
    render(<Pagination pageCount={3} currentPage={1} onPageChange={vi.fn()} />);

    const nav = screen.getByRole('navigation', { name: 'Product pages' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '2' })).toHaveClass('btn-active');
    expect(screen.getByRole('button', { name: '1' })).not.toHaveAttribute('aria-current');
  });

  it('asks for the zero-based page of the clicked button', async () => {
    const onPageChange = vi.fn();
    render(<Pagination pageCount={3} currentPage={0} onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('does nothing when the current page is clicked', async () => {
    const onPageChange = vi.fn();
    render(<Pagination pageCount={2} currentPage={0} onPageChange={onPageChange} />);

    await userEvent.click(screen.getByRole('button', { name: '1' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('shows a single button for a single page and nothing without products', () => {
    const { rerender } = render(<Pagination pageCount={1} currentPage={0} onPageChange={vi.fn()} />);
    expect(screen.getAllByRole('button')).toHaveLength(1);

    rerender(<Pagination pageCount={0} currentPage={0} onPageChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
