import { screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify/unstyled';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { ACCESS_TOKEN_STORAGE_KEY } from './access-token';
import { Authorization, ProtectedRoute, type AllowedRole } from './auth';
import { queryKeys } from './query-keys';

function SignInPage() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? 'nowhere';
  return <h1>Sign-in page, from {from}</h1>;
}

type Role = 'admin' | 'staff' | 'user' | 'signed-out' | 'checking';

function renderGuarded({ role, allow }: { role: Role; allow?: AllowedRole }) {
  const queryClient = createTestQueryClient();
  if (role !== 'signed-out') localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  if (role === 'admin' || role === 'staff' || role === 'user') {
    const session = buildSession({ email: `${role}@example.com`, role });
    queryClient.setQueryData(queryKeys.session, session);
    queryClient.setQueryData(['admin', session.user.email], { admin: role === 'admin', staff: role === 'staff' });
  }
  const page = <p>Secret page</p>;
  renderWithProviders(
    <>
      <Routes>
        <Route
          path="/dashbord/page"
          element={<ProtectedRoute>{allow ? <Authorization allow={allow}>{page}</Authorization> : page}</ProtectedRoute>}
        />
        <Route path="/singin" element={<SignInPage />} />
      </Routes>
      <ToastContainer />
    </>,
    { route: '/dashbord/page', queryClient },
  );
  return { queryClient };
}

describe('route guards', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    // The only call a guard makes here is signing out a refused visitor.
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('signed-in guard (ProtectedRoute)', () => {
    it('shows a loader while the stored token is checked', () => {
      renderGuarded({ role: 'checking' });
      expect(screen.getByRole('status')).toHaveTextContent('Checking your account…');
      expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    });

    it('sends a signed-out visitor to sign-in, remembering the page', async () => {
      renderGuarded({ role: 'signed-out' });
      expect(await screen.findByRole('heading', { name: 'Sign-in page, from /dashbord/page' })).toBeInTheDocument();
    });

    it('shows the page to a signed-in customer or admin', () => {
      renderGuarded({ role: 'user' });
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });
  });

  describe('admin guard (Authorization allow="admin")', () => {
    it('shows the page to an admin', () => {
      renderGuarded({ role: 'admin', allow: 'admin' });
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });

    it("tells a customer \"Sorry! It's Procte for Admin\", signs them out and sends them to sign-in", async () => {
      renderGuarded({ role: 'user', allow: 'admin' });
      expect(await screen.findByText("Sorry! It's Procte for Admin")).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: /Sign-in page/ })).toBeInTheDocument();
      expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe('/api/auth/sign-out');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    });

    it('sends a signed-out visitor to sign-in as well', async () => {
      renderGuarded({ role: 'signed-out', allow: 'admin' });
      expect(await screen.findByRole('heading', { name: /Sign-in page/ })).toBeInTheDocument();
    });
  });

  describe('user-only guard (Authorization allow="user")', () => {
    it('shows the page to a customer', () => {
      renderGuarded({ role: 'user', allow: 'user' });
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });

    it("tells an admin \"Sorry BOSS! It's procte for User\", signs them out and sends them to sign-in", async () => {
      renderGuarded({ role: 'admin', allow: 'user' });
      expect(await screen.findByText("Sorry BOSS! It's procte for User")).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: /Sign-in page/ })).toBeInTheDocument();
      await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull());
      expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    });
  });

  describe('staff (SPEC-3 section 7)', () => {
    it("opens the counter's pages (allow=\"staff\") to staff and admins, and their own customer pages to staff", () => {
      renderGuarded({ role: 'staff', allow: 'staff' });
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });

    it('keeps staff off the admin-only pages as it keeps a customer off them', async () => {
      renderGuarded({ role: 'staff', allow: 'admin' });
      expect(await screen.findByText("Sorry! It's Procte for Admin")).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: /Sign-in page/ })).toBeInTheDocument();
      expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    });

    it("keeps a customer off the counter's pages", async () => {
      renderGuarded({ role: 'user', allow: 'staff' });
      expect(await screen.findByText("Sorry! It's Procte for Admin")).toBeInTheDocument();
      expect(screen.queryByText('Secret page')).not.toBeInTheDocument();
    });

    it("lets staff into their own customer pages (allow=\"user\")", () => {
      renderGuarded({ role: 'staff', allow: 'user' });
      expect(screen.getByText('Secret page')).toBeInTheDocument();
    });
  });
});
