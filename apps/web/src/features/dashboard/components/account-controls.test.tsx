import { accountControlMessages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { queryKeys } from '@/lib/query-keys';
import { stubFetch } from '@/test/fetch-stub';
import { messageFor } from '@/test/field-message';
import { renderWithProviders } from '@/test/render';
import { AccountControls } from './account-controls';

const EMAIL = 'ada.rider@example.com';
const LONG_EMAIL = `maximilian-alexander.long-surname-of-the-rider@${'workshop-and-parts-department.'.repeat(3)}example.com`;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, field: string, message: string) =>
  json({ error: { code: status === 409 ? 'CONFLICT' : 'BAD_REQUEST', message, fieldErrors: { [field]: [message] } }, requestId: 'r-1' }, status);

interface Call {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

describe('AccountControls', () => {
  const fetchMock = stubFetch();
  let calls: Call[];

  beforeEach(() => {
    calls = [];
    setAccessToken('token-of-this-browser');
  });

  /** The profile page's account controls inside the dashboard, the home page beside it; `answer` is the shop. */
  function renderControls(answer: (call: Call) => Response, { hasPassword = true } = {}) {
    fetchMock.mockImplementation(async (input, init) => {
      const call: Call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init?.headers).get('Authorization'),
      };
      calls.push(call);
      return answer(call);
    });
    const rendered = renderWithProviders(
      <>
        <Routes>
          <Route path="/dashbord" element={<AccountControls email={EMAIL} hasPassword={hasPassword} />} />
          <Route path="/" element={<h1>Moto Parts home</h1>} />
        </Routes>
        <ToastContainer />
      </>,
      { route: '/dashbord' },
    );
    return { user: userEvent.setup(), ...rendered };
  }

  describe("'Change password'", () => {
    const form = () => within(screen.getByRole('form', { name: 'Change password' }));

    it('asks for the current password and a new one of at least 6 characters before asking the shop', async () => {
      const { user } = renderControls(() => json({}));
      await user.click(form().getByRole('button', { name: 'Change password' }));
      expect(await form().findByText('Current password is Required')).toBeInTheDocument();
      expect(messageFor('Current password')).toBe('Current password is Required');
      expect(messageFor(/^New password/)).toBe('Password is Required');

      await user.type(form().getByLabelText('Current password'), 'ride-safe-42');
      await user.type(form().getByLabelText(/^New password/), 'short');
      await user.click(form().getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(messageFor(/^New password/)).toBe('Must be 6 charecters or longer'));
      expect(messageFor('Current password')).toBeNull();
      expect(calls).toEqual([]);
    });

    it("shows the shop's refusal under its field: a wrong current password, a new one equal to it", async () => {
      const { user } = renderControls(({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'not-mine'
          ? refusal(400, 'currentPassword', accountControlMessages.currentPasswordWrong)
          : refusal(400, 'newPassword', accountControlMessages.samePassword),
      );
      await user.type(form().getByLabelText('Current password'), 'not-mine');
      await user.type(form().getByLabelText(/^New password/), 'brand-new-pass');
      await user.click(form().getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(messageFor('Current password')).toBe(accountControlMessages.currentPasswordWrong));
      expect(form().getByLabelText('Current password')).toHaveFocus();
      expect(form().getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

      await user.clear(form().getByLabelText('Current password'));
      await user.type(form().getByLabelText('Current password'), 'brand-new-pass');
      await user.click(form().getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(messageFor(/^New password/)).toBe(accountControlMessages.samePassword));
      expect(screen.queryByText(accountControlMessages.passwordChanged)).not.toBeInTheDocument();
    });

    it('changes the password, says the other sessions were signed out, and keeps this browser signed in', async () => {
      const { user } = renderControls(() => json({ message: accountControlMessages.passwordChanged }));
      await user.type(form().getByLabelText('Current password'), 'ride-safe-42');
      await user.type(form().getByLabelText(/^New password/), 'brand-new-pass');
      await user.click(form().getByRole('button', { name: 'Change password' }));

      expect(await screen.findByText(accountControlMessages.passwordChanged)).toBeInTheDocument();
      expect(calls).toEqual([
        {
          method: 'POST',
          url: '/api/account/password',
          body: { currentPassword: 'ride-safe-42', newPassword: 'brand-new-pass' },
          authorization: 'Bearer token-of-this-browser',
        },
      ]);
      expect(localStorage.getItem('accessToken')).toBe('token-of-this-browser');
      // Ready for another change: nothing typed is kept.
      expect(form().getByLabelText('Current password')).toHaveValue('');
      expect(form().getByLabelText(/^New password/)).toHaveValue('');
    });

    it('is not offered to an account that signs in with Google only, which is told how to get a password', () => {
      renderControls(() => json({}), { hasPassword: false });
      expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
      const password = within(screen.getByRole('region', { name: 'Change password' }));
      expect(password.getByText(accountControlMessages.noPassword)).toBeInTheDocument();
      // The rest is offered, the deletion too (confirmed by a recent sign-in instead of a password).
      const deletion = within(screen.getByRole('region', { name: 'Delete my account' }));
      expect(deletion.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
      expect(deletion.queryByText(accountControlMessages.noPassword)).not.toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Change email' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    });
  });

  describe("'Change email'", () => {
    const form = () => within(screen.getByRole('form', { name: 'Change email' }));

    it('asks for a valid address before asking the shop', async () => {
      const { user } = renderControls(() => json({}));
      await user.click(form().getByRole('button', { name: 'Change email' }));
      await waitFor(() => expect(messageFor('New email')).toBe('Email is Required'));
      await user.type(form().getByLabelText('New email'), 'not an address');
      await user.click(form().getByRole('button', { name: 'Change email' }));
      await waitFor(() => expect(messageFor('New email')).toBe('Please provide a valid email'));
      expect(calls).toEqual([]);
    });

    it("shows the shop's refusal under the field: an address in use, or the same one", async () => {
      const { user } = renderControls(({ body }) =>
        (body as { newEmail: string }).newEmail === EMAIL
          ? refusal(400, 'newEmail', accountControlMessages.emailSame)
          : refusal(409, 'newEmail', accountControlMessages.emailTaken),
      );
      await user.type(form().getByLabelText('New email'), 'taken@example.com');
      await user.click(form().getByRole('button', { name: 'Change email' }));
      await waitFor(() => expect(messageFor('New email')).toBe(accountControlMessages.emailTaken));

      await user.clear(form().getByLabelText('New email'));
      await user.type(form().getByLabelText('New email'), EMAIL);
      await user.click(form().getByRole('button', { name: 'Change email' }));
      await waitFor(() => expect(messageFor('New email')).toBe(accountControlMessages.emailSame));
    });

    it('says where the link went, a long address included, and starts the form over', async () => {
      const { user } = renderControls(({ body }) => json({ message: accountControlMessages.emailLinkSent((body as { newEmail: string }).newEmail) }));
      await user.type(form().getByLabelText('New email'), `  ${LONG_EMAIL} `);
      await user.click(form().getByRole('button', { name: 'Change email' }));

      const sent = await form().findByText(accountControlMessages.emailLinkSent(LONG_EMAIL));
      expect(sent.closest('[aria-live="polite"]')).not.toBeNull();
      expect(sent).toHaveClass('wrap-anywhere');
      expect(calls).toEqual([{ method: 'POST', url: '/api/account/email', body: { newEmail: LONG_EMAIL }, authorization: 'Bearer token-of-this-browser' }]);
      expect(form().getByLabelText('New email')).toHaveValue('');
    });
  });

  describe("'Download my data'", () => {
    it("saves the JSON file under the name the shop gives it, asked with this browser's token", async () => {
      const files: string[] = [];
      const saved: string[] = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
        files.push((file as Blob).type);
        return 'blob:my-data';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const { user } = renderControls(() =>
        new Response('{"profile":{}}', {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="moto-parts-data-2026-11-27.json"' },
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(saved).toEqual(['moto-parts-data-2026-11-27.json']));
      expect(files).toEqual(['application/json']);
      expect(calls).toEqual([{ method: 'GET', url: '/api/account/export', body: undefined, authorization: 'Bearer token-of-this-browser' }]);
      vi.restoreAllMocks();
    });

    it("says why when the shop refuses, in the shop's words", async () => {
      const { user } = renderControls(() => json({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' }, requestId: 'r-2' }, 429));
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
    });
  });

  describe("'Delete my account'", () => {
    const dialog = () => within(screen.getByRole('dialog', { name: 'Delete your account?' }));

    it('says what goes and what stays, and asks first: Cancel changes nothing', async () => {
      const { user } = renderControls(() => json({}));
      const section = within(screen.getByRole('region', { name: 'Delete my account' }));
      expect(section.getByText(/Paid orders and their invoices are kept/)).toHaveTextContent("'A former customer'");
      await user.click(section.getByRole('button', { name: 'Delete my account' }));
      expect(dialog().getByText('This cannot be undone. Enter your password to confirm.')).toBeInTheDocument();
      await user.type(dialog().getByLabelText('Password'), 'ride-safe-42');
      await user.click(dialog().getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls).toEqual([]);

      // Asked again, the password typed before is gone.
      await user.click(section.getByRole('button', { name: 'Delete my account' }));
      expect(dialog().getByLabelText('Password')).toHaveValue('');
    });

    it("needs the password, and shows the shop's refusal in the question, which stays open", async () => {
      const { user } = renderControls(({ body }) =>
        (body as { password: string }).password === 'not-mine'
          ? refusal(400, 'password', accountControlMessages.passwordWrong)
          : json({ error: { code: 'CONFLICT', message: accountControlMessages.refundUnderWay }, requestId: 'r-3' }, 409),
      );
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      await user.click(dialog().getByRole('button', { name: 'Yes, delete my account' }));
      await waitFor(() => expect(messageFor('Password')).toBe('Password is Required'));
      expect(calls).toEqual([]);

      await user.type(dialog().getByLabelText('Password'), 'not-mine');
      await user.click(dialog().getByRole('button', { name: 'Yes, delete my account' }));
      await waitFor(() => expect(messageFor('Password')).toBe(accountControlMessages.passwordWrong));
      expect(calls).toEqual([{ method: 'DELETE', url: '/api/account', body: { password: 'not-mine' }, authorization: 'Bearer token-of-this-browser' }]);

      await user.clear(dialog().getByLabelText('Password'));
      await user.type(dialog().getByLabelText('Password'), 'ride-safe-42');
      await user.click(dialog().getByRole('button', { name: 'Yes, delete my account' }));
      expect(await dialog().findByRole('alert')).toHaveTextContent(accountControlMessages.refundUnderWay);
      expect(localStorage.getItem('accessToken')).toBe('token-of-this-browser');
      expect(screen.queryByRole('heading', { name: 'Moto Parts home' })).not.toBeInTheDocument();
    });

    it('asks an account made with Google no password: a refusal (its sign-in is too old) shows in the question, a recent sign-in deletes it', async () => {
      let signedInRecently = false;
      const { user, queryClient } = renderControls(
        () => (signedInRecently ? json({ message: accountControlMessages.deleted }) : json({ error: { code: 'SIGN_IN_AGAIN', message: accountControlMessages.signInAgainToDelete }, requestId: 'r-4' }, 409)),
        { hasPassword: false },
      );
      queryClient.setQueryData(queryKeys.addresses, [{ _id: 'a1' }]);
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      expect(dialog().getByText(accountControlMessages.confirmBySignIn)).toBeInTheDocument();
      expect(dialog().queryByLabelText('Password')).not.toBeInTheDocument();
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription(accountControlMessages.confirmBySignIn);

      await user.click(dialog().getByRole('button', { name: 'Yes, delete my account' }));
      expect(await dialog().findByRole('alert')).toHaveTextContent(accountControlMessages.signInAgainToDelete);
      expect(calls).toEqual([{ method: 'DELETE', url: '/api/account', body: {}, authorization: 'Bearer token-of-this-browser' }]);
      expect(dialog().getByRole('button', { name: 'Yes, delete my account' })).toBeEnabled();
      expect(localStorage.getItem('accessToken')).toBe('token-of-this-browser');

      // Cancel forgets the refusal.
      await user.click(dialog().getByRole('button', { name: 'Cancel' }));
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      expect(dialog().queryByRole('alert')).not.toBeInTheDocument();

      signedInRecently = true;
      await user.click(dialog().getByRole('button', { name: 'Yes, delete my account' }));
      expect(await screen.findByRole('heading', { name: 'Moto Parts home' })).toBeInTheDocument();
      expect(await screen.findByText(accountControlMessages.deleted)).toBeInTheDocument();
      expect(calls).toHaveLength(2);
      expect(calls[1]).toMatchObject({ method: 'DELETE', url: '/api/account', body: {} });
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(queryClient.getQueryData(queryKeys.addresses)).toBeUndefined();
    });

    it('deletes the account with the password, then signs this browser out, forgets what it loaded and goes home', async () => {
      const { user, queryClient } = renderControls(() => json({ deleted: true }));
      queryClient.setQueryData(queryKeys.addresses, [{ _id: 'a1' }]);
      await user.click(screen.getByRole('button', { name: 'Delete my account' }));
      await user.type(dialog().getByLabelText('Password'), 'ride-safe-42');
      await user.click(dialog().getByRole('button', { name: 'Yes, delete my account' }));

      expect(await screen.findByRole('heading', { name: 'Moto Parts home' })).toBeInTheDocument();
      expect(await screen.findByText(accountControlMessages.deleted)).toBeInTheDocument();
      expect(calls).toEqual([{ method: 'DELETE', url: '/api/account', body: { password: 'ride-safe-42' }, authorization: 'Bearer token-of-this-browser' }]);
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(queryClient.getQueryData(queryKeys.addresses)).toBeUndefined();
      // The ended session is not asked to sign out: the account's sessions went with it.
      expect(calls.some(({ url }) => url.includes('/auth/sign-out'))).toBe(false);
    });
  });
});
