import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { buildSession } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { SignInRoute } from './sign-in';
import { SignUpRoute } from './sign-up';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const CHECKOUT_NOTE = 'Sign in or create an account to check out: your cart is kept';

function renderAt(entry: InitialEntry) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/singin" element={<SignInRoute />} />
          <Route path="/signup" element={<SignUpRoute />} />
          <Route path="/cart" element={<p>Cart page</p>} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('creating an account on the way to the checkout', () => {
  const fetchMock = stubFetch();

  const answerAsTheShop = () =>
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/auth/sign-up/email')) return json({ token: null, user: { email: 'sam@example.com' } });
      if (url.endsWith('/api/auth/sign-in/email')) return json({ user: { email: 'sam@example.com' } });
      if (url.endsWith('/api/user/sam%40example.com') && init?.method === 'PUT') return json({ token: 'token-1' });
      if (url.endsWith('/api/auth/get-session')) return json(buildSession({ email: 'sam@example.com' }));
      return json({ google: false });
    });

  const signUp = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Name'), 'Sam Rider');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'SignUp' }));
  };

  it('says the cart is kept on the sign-in and sign-up pages, and comes back to the cart after sign-up as after sign-in', async () => {
    answerAsTheShop();
    const user = userEvent.setup();
    // As the cart's Checkout sends a visitor.
    renderAt({ pathname: '/singin', state: { from: { pathname: '/cart' } } });
    expect(screen.getByRole('note')).toHaveTextContent(CHECKOUT_NOTE);

    await user.click(screen.getByRole('link', { name: 'Create New Account' }));
    expect(await screen.findByRole('heading', { name: 'SignUp' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(CHECKOUT_NOTE);
    await signUp(user);

    expect(await screen.findByText('Cart page')).toBeInTheDocument();
  });

  it('goes home after a sign-up that no page sent the visitor to, without the checkout note', async () => {
    answerAsTheShop();
    const user = userEvent.setup();
    renderAt('/signup');
    expect(screen.queryByText(CHECKOUT_NOTE)).not.toBeInTheDocument();
    await signUp(user);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
