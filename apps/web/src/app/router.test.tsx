import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { buildSession } from '@/test/fixtures';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

function renderApp(path: string) {
  const current: { pathname: string; state?: unknown } = { pathname: path };
  function LocationProbe() {
    const location = useLocation();
    current.pathname = location.pathname;
    current.state = location.state;
    return null;
  }
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return current;
}

describe('app routes', () => {
  it('shows only the placeholder on /blogs, inside the page frame', async () => {
    renderApp('/blogs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Comming Sooon' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(screen.getByRole('main')).getByRole('heading').textContent).toBe('Comming Sooon');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Blogs | Moto Parts');
  });

  it('links the navbar to the public pages and marks the current one', async () => {
    renderApp('/blogs');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(link('Home')).toHaveAttribute('href', '/');
    expect(link('Products')).toHaveAttribute('href', '/allproducts');
    expect(link('Blogs')).toHaveAttribute('href', '/blogs');
    expect(link('My Garage')).toHaveAttribute('href', '/garage');
    expect(link('Cart')).toHaveAttribute('href', '/cart');
    expect(link('SignIn')).toHaveAttribute('href', '/singin');
    expect(link('Blogs')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
  });

  it('opens and closes the small-screen menu', async () => {
    const user = userEvent.setup();
    const location = renderApp('/blogs');

    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Products', 'Blogs', 'My Garage']);

    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(document.getElementById('mobile-menu') as HTMLElement).getByRole('link', { name: 'Products' }));
    expect(location.pathname).toBe('/allproducts');
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('links the footer columns to real pages and sections', async () => {
    renderApp('/blogs');

    const footer = await screen.findByRole('contentinfo');
    for (const column of ['Services', 'Company', 'Legal']) {
      const links = within(within(footer).getByRole('navigation', { name: column })).getAllByRole('link');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/(allproducts|blogs|about|warranty|returns|privacy|terms)?(#[a-z]+)?$/);
    }
    expect(within(footer).getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(2);
  });

  it('shows the not-found page with its image for any other path', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A puzzled rider next to a motorbike at a crossroads sign' })).toHaveAttribute('src', '/static/not-found.webp');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('sends a visitor who opens Quick order to sign in, and brings them back', async () => {
    const location = renderApp('/quick-order');
    await waitFor(() => expect(location.pathname).toBe('/singin'));
    expect(location.state).toMatchObject({ from: { pathname: '/quick-order' } });
  });

  describe('when signed in', () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    afterEach(() => vi.unstubAllGlobals());

    it('adds Dashbord after Home and offers SignOut, which ends the session', async () => {
      const fetchMock = vi.fn<typeof fetch>(async (input) =>
        String(input).endsWith('/auth/get-session') ? json(buildSession()) : json({ success: true }),
      );
      vi.stubGlobal('fetch', fetchMock);
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
      const location = renderApp('/blogs');

      const nav = await screen.findByRole('navigation', { name: 'Main' });
      const links = within(nav).getAllByRole('link').map((link) => link.textContent);
      expect(links).toEqual(['Moto Parts', 'Home', 'Dashbord', 'Products', 'Blogs', 'My Garage', 'Quick order', 'Cart', 'SignOut']);
      expect(within(nav).getByRole('link', { name: 'Dashbord' })).toHaveAttribute('href', '/dashbord');
      expect(within(nav).getByRole('link', { name: 'Quick order' })).toHaveAttribute('href', '/quick-order');

      await userEvent.click(within(nav).getByRole('link', { name: 'SignOut' }));
      expect(await within(nav).findByRole('link', { name: 'SignIn' })).toHaveAttribute('href', '/singin');
      expect(within(nav).queryByRole('link', { name: 'Dashbord' })).not.toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      expect(location.pathname).toBe('/singin');
      const signOut = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/auth/sign-out'));
      expect(new Headers(signOut?.[1]?.headers).get('Authorization')).toBe('Bearer token-1');
    });

    it('forgets a token whose session has ended', async () => {
      vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => json(null)));
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'expired-token');
      renderApp('/blogs');

      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(await within(nav).findByRole('link', { name: 'SignIn' })).toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    });
  });
});
