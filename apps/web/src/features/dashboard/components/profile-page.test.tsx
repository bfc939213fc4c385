import { accountControlMessages } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ProfilePage } from './profile-page';

const EMAIL = 'ada.rider@example.com';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('ProfilePage', () => {
  const fetchMock = stubFetch();

  /** The profile page as the shop answers it: the profile, and whether the account has a password (`account`: GET /account). */
  function renderPage(account: () => Response) {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/account') return account();
      if (url === `/api/user/${encodeURIComponent(EMAIL)}`) return json({ _id: 'u1', name: 'Ada Rider', email: EMAIL, role: 'user', img: null, phone: null });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found.' }, requestId: 'r-1' }, 404);
    });
    renderWithProviders(<ProfilePage email={EMAIL} />, { route: '/dashbord' });
  }

  it('shows the profile, then the account controls in the order SPEC-3 names them', async () => {
    renderPage(() => json({ email: EMAIL, hasPassword: true }));
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Update Your Profile',
      'Change password',
      'Change email',
      'Download my data',
      'Delete my account',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Rider' })).toBeInTheDocument();
  });

  it('offers no password form to an account made with Google only', async () => {
    renderPage(() => json({ email: EMAIL, hasPassword: false }));
    const password = within(await screen.findByRole('region', { name: 'Change password' }));
    expect(password.getByText(accountControlMessages.noPassword)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change email' })).toBeInTheDocument();
  });

  it('still offers the controls when the shop cannot say whether there is a password', async () => {
    renderPage(() => json({ error: { code: 'UNAVAILABLE', message: 'The shop is not available right now. Please try again later.' }, requestId: 'r-2' }, 503));
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
  });
});
