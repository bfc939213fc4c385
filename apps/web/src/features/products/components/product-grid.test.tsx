import { PAGE_SIZE } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProductGrid } from './product-grid';

describe('ProductGrid', () => {
  it('holds the place of a full page while loading', () => {
    const { container } = renderWithProviders(<ProductGrid products={undefined} status="pending" onRetry={vi.fn()} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelectorAll('li')).toHaveLength(PAGE_SIZE);
  });

  it('says when loading failed and offers to try again', async () => {
    const onRetry = vi.fn();
    renderWithProviders(<ProductGrid products={undefined} status="error" onRetry={onRetry} />);

    expect(screen.getByRole('alert')).toHaveTextContent('Sorry, the products could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload products' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lists the products in a one-column grid that becomes two columns on tablets and three on large screens', () => {
    const products = Array.from({ length: PAGE_SIZE }, (_, index) => buildProduct({ name: `Part ${index + 1}` }));
    renderWithProviders(<ProductGrid products={products} status="success" onRetry={vi.fn()} />);

    const [list] = screen.getAllByRole('list');
    expect(list).toHaveClass('grid-cols-1', 'md:grid-cols-2', 'lg:grid-cols-3');
    expect(screen.getAllByRole('article')).toHaveLength(PAGE_SIZE);
    const loading = products.map((product) => screen.getByRole('img', { name: product.name }).getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy']);
  });

  it('tells the visitor when there is nothing to show', () => {
    renderWithProviders(<ProductGrid products={[]} status="success" onRetry={vi.fn()} />);
    expect(screen.getByText('No parts are listed yet. Please check back soon.')).toBeInTheDocument();
  });
});
