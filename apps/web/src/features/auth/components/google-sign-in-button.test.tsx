import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GoogleSignInButton } from './google-sign-in-button';

describe('GoogleSignInButton', () => {
  it('says plainly when this shop has no Google sign-in', () => {
    render(<GoogleSignInButton availability="unavailable" onStart={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Google sign-in is not configured for this shop. Please use your email and password.');
    // A note, not an error: nothing has gone wrong before the visitor does anything.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/not configured for this shop/)).not.toHaveClass('text-red-700');
  });

  it('leaves for Google when pressed', async () => {
    const onStart = vi.fn<() => Promise<void>>(() => new Promise(() => {}));
    render(<GoogleSignInButton availability="available" onStart={onStart} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('says so when Google sign-in could not be started', async () => {
    const onStart = vi.fn<() => Promise<void>>().mockRejectedValue(new Error('offline'));
    render(<GoogleSignInButton availability="available" onStart={onStart} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in could not be started. Please try again.');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('shows why an earlier Google sign-in did not complete', () => {
    render(<GoogleSignInButton availability="available" onStart={vi.fn()} message="Google sign-in did not complete. Please try again." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in did not complete. Please try again.');
  });
});
