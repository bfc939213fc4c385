import { accountControlMessages } from '@shop/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { queryKeys } from '@/lib/query-keys';
import { useAuth, type Session } from '@/lib/session';
import { stubFetch } from '@/test/fetch-stub';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { EmailConfirmationNotice } from './email-confirmation-notice';

const OLD_EMAIL = 'ada.rider@example.com';
const NEW_EMAIL = 'ada.moved@example.com';

const sessionOf = (email: string): Session => ({
  session: { expiresAt: '2026-12-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ada Rider', email, role: 'user', image: null, phone: null },
});

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

/** Who the page frame thinks is signed in, as the navbar and the profile read it. */
function SignedInAs() {
  const { user } = useAuth();
  return <p data-testid="signed-in-as">{user?.email ?? 'nobody'}</p>;
}

describe('where the address confirmation and change-of-email links land', () => {
  const fetchMock = stubFetch();

  beforeEach(() => {
    setAccessToken('token-of-this-browser');
    // The shop, asked again for the session, answers the account as it is now.
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(sessionOf(NEW_EMAIL)), { headers: { 'Content-Type': 'application/json' } }));
  });

  /** The page frame at `route`, with the session this tab loaded before the address changed. */
  const renderAt = (route: string) => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.session, sessionOf(OLD_EMAIL));
    return renderWithProviders(
      <>
        <EmailConfirmationNotice />
        <SignedInAs />
        <Address />
      </>,
      { route, queryClient },
    );
  };

  it('says the address is confirmed, until closed', async () => {
    renderAt('/?emailConfirmation=1');
    expect(await screen.findByRole('status')).toHaveTextContent('Your email address is confirmed.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Your email address is confirmed.')).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it('says when the confirmation link did not work', async () => {
    renderAt('/?emailConfirmation=1&error=TOKEN_EXPIRED');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
    expect(screen.queryByText('Your email address is confirmed.')).not.toBeInTheDocument();
  });

  it('says the email was changed and asks for the session again, so the new address shows without a reload', async () => {
    renderAt('/?emailConfirmation=change');
    expect(await screen.findByRole('status')).toHaveTextContent(accountControlMessages.emailChanged);
    expect(await screen.findByText(NEW_EMAIL)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/auth/get-session');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it('says so when the new address was taken meanwhile, or the link is unknown, used or expired; the session is not asked again', async () => {
    const taken = renderAt('/?emailConfirmation=change&error=EMAIL_TAKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(accountControlMessages.emailTaken);
    expect(screen.queryByText(accountControlMessages.emailChanged)).not.toBeInTheDocument();
    taken.unmount();

    renderAt('/?emailConfirmation=change&error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent(OLD_EMAIL);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refreshes this tab's session when another tab lands on a changed address", async () => {
    renderAt('/dashbord');
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent(OLD_EMAIL);
    // What the browser tells this tab when the landing tab writes the key.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'emailChangedAt', newValue: String(Date.now()) }));
    });
    expect(await screen.findByText(NEW_EMAIL)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says nothing on any other visit', () => {
    renderAt('/?page=2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
