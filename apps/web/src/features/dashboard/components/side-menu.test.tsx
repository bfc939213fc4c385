import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SideMenu } from './side-menu';

function renderMenu({ isAdmin, route = '/dashbord' }: { isAdmin: boolean; route?: string }) {
  renderWithProviders(
    // As in the app: the menu belongs to the /dashbord route, its pages are nested in it.
    <Routes>
      <Route path="/dashbord" element={<SideMenu isAdmin={isAdmin} />}>
        <Route index element={null} />
        <Route path="myprofile" element={null} />
        <Route path="makeAdmin" element={null} />
      </Route>
    </Routes>,
    { route },
  );
  return within(screen.getByRole('list'));
}

describe('SideMenu', () => {
  it("gives a customer only 'My profile'", () => {
    const menu = renderMenu({ isAdmin: false });
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['My profile']);
    expect(menu.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/dashbord');
  });

  it("gives an admin 'All Users' too, relative to the dashboard", () => {
    const menu = renderMenu({ isAdmin: true });
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['My profile', 'All Users']);
    expect(menu.getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/dashbord/makeAdmin');
  });

  it('marks the profile as the page shown on the dashboard and on myprofile', () => {
    for (const route of ['/dashbord', '/dashbord/myprofile']) {
      const menu = renderMenu({ isAdmin: true, route });
      expect(menu.getByRole('link', { name: 'My profile' })).toHaveAttribute('aria-current', 'page');
      expect(menu.getByRole('link', { name: 'All Users' })).not.toHaveAttribute('aria-current');
      cleanup();
    }
  });

  it('marks All Users as the page shown on makeAdmin', () => {
    const menu = renderMenu({ isAdmin: true, route: '/dashbord/makeAdmin' });
    expect(menu.getByRole('link', { name: 'All Users' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'My profile' })).not.toHaveAttribute('aria-current');
  });
});
