import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardShell } from './dashboard-shell';

describe('DashboardShell', () => {
  it('opens the side menu from the menu button and closes it with Escape', async () => {
    const user = userEvent.setup();
    render(
      <DashboardShell menu={(close) => <a href="#profile" onClick={close}>My profile</a>}>
        <p>Page</p>
      </DashboardShell>,
    );
    const open = screen.getByRole('button', { name: 'Dashbord menu' });
    const drawer = document.getElementById('dashboard-drawer') as HTMLInputElement;
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(drawer.checked).toBe(true);
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(drawer.checked).toBe(false);
    expect(open).toHaveFocus();
  });

  it('closes the side menu when a page is chosen', async () => {
    const user = userEvent.setup();
    render(
      <DashboardShell menu={(close) => <a href="#profile" onClick={close}>My profile</a>}>
        <p>Page</p>
      </DashboardShell>,
    );
    await user.click(screen.getByRole('button', { name: 'Dashbord menu' }));
    await user.click(screen.getByRole('link', { name: 'My profile' }));
    expect((document.getElementById('dashboard-drawer') as HTMLInputElement).checked).toBe(false);
  });
});
