import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProductCard } from './product-card';

describe('ProductCard', () => {
  it('shows an orderable product with a link to its purchase page', () => {
    const product = buildProduct({ name: 'Chain Kit', price: 12.99, quantity: 40, minimum: 4 });
    renderWithProviders(<ProductCard product={product} onRetry={vi.fn()} />);

    expect(screen.getByRole('heading', { level: 3, name: 'Chain Kit' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Chain Kit' });
    expect(image).toHaveAttribute('src', product.img);
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText(product.decreption)).toBeInTheDocument();
    expect(screen.getByText('$12.99')).toBeInTheDocument();
    expect(screen.getByText('Available: 40')).toBeInTheDocument();
    expect(screen.getByText('Minimum order: 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Chain Kit' })).toHaveAttribute('href', `/purchase/${product._id}`);
    expect(screen.queryByText('Out OF Stock.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try Agian/ })).not.toBeInTheDocument();
  });

  it('shows one badge for the active bike: fits, universal, fit not confirmed or does not fit; none without a bike', () => {
    const badges = { fits: 'Fits your MT-07', universal: 'Universal', unknown: 'Fit not confirmed', no: 'Does not fit your MT-07' } as const;
    for (const [fit, text] of Object.entries(badges)) {
      const { unmount } = renderWithProviders(<ProductCard product={buildProduct({ fit: fit as keyof typeof badges })} bikeModel="MT-07" onRetry={vi.fn()} />);
      expect(screen.getByText(text)).toBeInTheDocument();
      unmount();
    }
    renderWithProviders(<ProductCard product={buildProduct()} onRetry={vi.fn()} />);
    expect(screen.queryByText(/fit|Universal/)).not.toBeInTheDocument();
  });

  it("shows the part's rating as stars with the number of reviews, and nothing when it has none", () => {
    const { unmount } = renderWithProviders(<ProductCard product={buildProduct({ name: 'Oil Filter', rating: { average: 4.7, count: 3 } })} onRetry={vi.fn()} />);
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })).toHaveTextContent('(3)');
    unmount();
    renderWithProviders(<ProductCard product={buildProduct({ name: 'Chain Lube' })} onRetry={vi.fn()} />);
    expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
  });

  it("shows the price the shop's answer carries: a workshop's own trade price, not the list price beside it", () => {
    renderWithProviders(<ProductCard product={buildProduct({ price: 7.64, listPrice: 8.99 })} onRetry={vi.fn()} />);
    expect(screen.getByText('$7.64')).toBeInTheDocument();
    expect(screen.queryByText('$8.99')).not.toBeInTheDocument();
  });

  it('treats stock equal to the minimum as orderable', () => {
    renderWithProviders(<ProductCard product={buildProduct({ quantity: 4, minimum: 4 })} onRetry={vi.fn()} />);
    expect(screen.getByRole('link', { name: /^Purchase/ })).toBeInTheDocument();
  });

  it('shows out of stock below the minimum and offers to load the list again', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ProductCard product={buildProduct({ name: 'Spark Plug', quantity: 3, minimum: 4 })} onRetry={onRetry} />,
    );

    expect(screen.getByText('Out OF Stock.')).toBeInTheDocument();
    expect(screen.getByText('Only 3 left; minimum order 4.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Purchase/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Agian Spark Plug' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('disables the retry button while the list reloads', () => {
    renderWithProviders(
      <ProductCard product={buildProduct({ quantity: 0, minimum: 1 })} onRetry={vi.fn()} isRetrying />,
    );
    expect(screen.getByRole('button', { name: /Try Agian/ })).toBeDisabled();
  });

  it('uses the heading level of the page it is on and can load its image eagerly', () => {
    renderWithProviders(
      <ProductCard product={buildProduct({ name: 'Air Filter' })} headingLevel={2} imageLoading="eager" onRetry={vi.fn()} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Air Filter' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Air Filter' })).toHaveAttribute('loading', 'eager');
  });

  it('renders names and descriptions as text, never as markup', () => {
    renderWithProviders(
      <ProductCard
        product={buildProduct({ name: '<b>Bold</b>', decreption: '<img src=x onerror=alert(1)>' })}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: '<b>Bold</b>' })).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});
