import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { jsonResponse } from '@/test/image-upload-stub';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordRoute } from './reset-password';

describe('ResetPasswordRoute', () => {
  const fetchMock = stubFetch();

  it('says when the link followed is invalid or used, and sends a new one to the address given', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: true }));
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordRoute />, { route: '/reset-password?error=INVALID_TOKEN' });

    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send New Link' }));

    expect(await screen.findByText('Email Sent', { exact: true })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(String(url)).toMatch(/\/api\/auth\/request-password-reset$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ email: 'nobody@example.com', redirectTo: '/reset-password' });
  });
});
