import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import type { Viewer } from '@/lib/access';
import { renderWithProviders } from '@/test/render';
import { SideMenu } from './side-menu';

function renderMenu({ viewer, route = '/dashbord' }: { viewer: Viewer | undefined; route?: string }) {
  renderWithProviders(
    // As in the app: the menu belongs to the /dashbord route, its pages are nested in it.
    <Routes>
      <Route path="/dashbord" element={<SideMenu viewer={viewer} />}>
        <Route index element={null} />
        <Route path="myprofile" element={null} />
        <Route path="makeAdmin" element={null} />
        <Route path="manageProducts" element={null} />
        <Route path="updateproducts/:productId" element={null} />
      </Route>
    </Routes>,
    { route },
  );
  return within(screen.getByRole('list'));
}

describe('SideMenu', () => {
  const fetchMock = stubFetch();
  const unreadAnswer = (unread: number) =>
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ unread }), { headers: { 'Content-Type': 'application/json' } }));

  it("gives a customer 'My profile', 'My Orders', 'My Addresses' and 'Add Review'", () => {
    const menu = renderMenu({ viewer: 'customer' });
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['My profile', 'My Orders', 'My Addresses', 'Add Review']);
    expect(menu.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/dashbord');
    expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashbord/myorders');
    expect(menu.getByRole('link', { name: 'My Addresses' })).toHaveAttribute('href', '/dashbord/addresses');
    expect(menu.getByRole('link', { name: 'Add Review' })).toHaveAttribute('href', '/dashbord/addreview');
  });

  it('gives only the profile while the role is not known yet', () => {
    const menu = renderMenu({ viewer: undefined });
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['My profile']);
  });

  it("gives an admin SPEC's admin pages too, in SPEC's order, relative to the dashboard, then Messages", () => {
    unreadAnswer(0);
    const menu = renderMenu({ viewer: 'admin' });
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'My profile',
      'Manage All Orders',
      'Add Product',
      'All Users',
      'Manage Products',
      'Manage Reviews',
      'Categories',
      'Vehicles',
      'Import',
      'Sales',
      'Discounts',
      'Returns',
      'Taxes',
      'Shipping',
      'Settings',
      'Activity',
      'Messages',
    ]);
    expect(menu.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/dashbord/activity');
    expect(menu.getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/dashbord/sales');
    expect(menu.getByRole('link', { name: 'Discounts' })).toHaveAttribute('href', '/dashbord/discounts');
    expect(menu.getByRole('link', { name: 'Returns' })).toHaveAttribute('href', '/dashbord/returns');
    expect(menu.getByRole('link', { name: 'Taxes' })).toHaveAttribute('href', '/dashbord/taxes');
    expect(menu.getByRole('link', { name: 'Shipping' })).toHaveAttribute('href', '/dashbord/shipping');
    expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/dashbord/settings');
    expect(menu.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/dashbord/importProducts');
    expect(menu.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/dashbord/manageCategories');
    expect(menu.getByRole('link', { name: 'Vehicles' })).toHaveAttribute('href', '/dashbord/manageVehicles');
    expect(menu.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/dashbord/messages');
    expect(menu.getByRole('link', { name: 'Manage All Orders' })).toHaveAttribute('href', '/dashbord/manageAllorders');
    expect(menu.getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/dashbord/makeAdmin');
    expect(menu.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/dashbord/addproducts');
    expect(menu.getByRole('link', { name: 'Manage Products' })).toHaveAttribute('href', '/dashbord/manageProducts');
    expect(menu.getByRole('link', { name: 'Manage Reviews' })).toHaveAttribute('href', '/dashbord/manageReview');
  });

  it("gives staff their own customer pages and the counter work only: orders, products, vehicles, returns, messages", async () => {
    unreadAnswer(2);
    const menu = renderMenu({ viewer: 'staff' });
    expect(menu.getAllByRole('link').map((link) => link.textContent?.replace(/\d.*$/, ''))).toEqual([
      'My profile',
      'My Orders',
      'My Addresses',
      'Add Review',
      'Manage All Orders',
      'Manage Products',
      'Vehicles',
      'Returns',
      'Messages',
    ]);
    // The unread count is theirs too: they answer the messages.
    expect(await menu.findByTestId('unread-messages')).toHaveTextContent('2');
  });

  it('shows how many messages are unread beside Messages, and asks only for an admin', async () => {
    unreadAnswer(3);
    const menu = renderMenu({ viewer: 'admin' });
    expect(await menu.findByTestId('unread-messages')).toHaveTextContent('3');
    expect(menu.getByRole('link', { name: /^Messages/ })).toHaveTextContent('3, 3 unread');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/contact-messages/unread');
    cleanup();
    fetchMock.mockClear();
    renderMenu({ viewer: 'customer' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks the profile as the page shown on the dashboard and on myprofile', () => {
    unreadAnswer(0);
    for (const route of ['/dashbord', '/dashbord/myprofile']) {
      const menu = renderMenu({ viewer: 'admin', route });
      expect(menu.getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page');
      expect(menu.getByRole('link', { name: 'All Users' })).not.toHaveAttribute('aria-current');
      cleanup();
    }
  });

  it("keeps 'Manage Products' marked on a product's update page, which it leads back to", () => {
    unreadAnswer(0);
    let menu = renderMenu({ viewer: 'admin', route: `/dashbord/updateproducts/${'a'.repeat(24)}` });
    const manage = menu.getByRole('link', { name: 'Manage Products' });
    expect(manage).toHaveClass('menu-active');
    expect(manage).toHaveAttribute('aria-current', 'true');
    expect(manage).toHaveAttribute('href', '/dashbord/manageProducts');
    expect(menu.getByRole('link', { name: 'Add Product' })).not.toHaveClass('menu-active');
    expect(menu.getByRole('link', { name: 'My profile' })).not.toHaveAttribute('aria-current');
    cleanup();
    menu = renderMenu({ viewer: 'admin', route: '/dashbord/manageProducts' });
    expect(menu.getByRole('link', { name: 'Manage Products' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks All Users as the page shown on makeAdmin', () => {
    const menu = renderMenu({ viewer: 'admin', route: '/dashbord/makeAdmin' });
    expect(menu.getByRole('link', { name: 'All Users' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'My profile' })).not.toHaveAttribute('aria-current');
  });
});
