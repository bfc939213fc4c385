import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TableSearch } from './table-search';

describe('TableSearch', () => {
  it('searches once typing pauses, trimmed, and at once on Enter', async () => {
    vi.useFakeTimers();
    try {
      const onSearch = vi.fn();
      render(<TableSearch label="Search orders" placeholder="Order number" value="" onSearch={onSearch} />);
      const box = screen.getByRole('searchbox', { name: 'Search orders' });
      fireEvent.change(box, { target: { value: 'han' } });
      fireEvent.change(box, { target: { value: ' hana ' } });
      vi.advanceTimersByTime(299);
      expect(onSearch).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onSearch).toHaveBeenCalledExactlyOnceWith('hana');

      fireEvent.change(box, { target: { value: '10042' } });
      fireEvent.submit(box.closest('form')!);
      expect(onSearch).toHaveBeenLastCalledWith('10042');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the search in effect and starts afresh when it changes from outside', () => {
    const { rerender } = render(<TableSearch label="Search users" placeholder="Name" value="sam" onSearch={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('sam');
    rerender(<TableSearch label="Search users" placeholder="Name" value="" onSearch={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
  });
});
