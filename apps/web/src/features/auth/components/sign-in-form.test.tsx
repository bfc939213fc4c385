import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SignInForm } from './sign-in-form';

function setup({
  onSubmit = vi.fn<(values: unknown) => Promise<void>>().mockResolvedValue(undefined),
  onForgotPassword = vi.fn<(email: string) => Promise<unknown>>().mockResolvedValue(undefined),
} = {}) {
  const user = userEvent.setup();
  render(<SignInForm onSubmit={onSubmit} onForgotPassword={onForgotPassword} />);
  const fields = { email: screen.getByLabelText('Email'), password: screen.getByLabelText('Password') };
  return {
    user,
    onSubmit,
    onForgotPassword,
    fields,
    submit: () => user.click(screen.getByRole('button', { name: 'SignIn' })),
    forgot: () => user.click(screen.getByRole('button', { name: 'Forgotten password?' })),
  };
}

describe('SignInForm', () => {
  it('shows the same email and password rules as sign-up', async () => {
    const { user, onSubmit, fields, submit } = setup();
    await submit();
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is Required')).toBeInTheDocument();

    await user.type(fields.email, 'not-an-email');
    await user.type(fields.password, 'abc');
    await submit();
    expect(await screen.findByText('Please provide a valid email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 charecters or longer')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('toggles the password with See Password', async () => {
    const { user, fields } = setup();
    await user.click(screen.getByLabelText('See Password'));
    expect(fields.password).toHaveAttribute('type', 'text');
  });

  it('signs in with the typed credentials', async () => {
    const { user, onSubmit, fields, submit } = setup();
    await user.type(fields.email, 'Sam@example.com');
    await user.type(fields.password, 'secret-1');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'sam@example.com', password: 'secret-1' });
  });

  it("says 'Invalid email or password' in small red text when the shop refuses", async () => {
    const onSubmit = vi
      .fn<(values: unknown) => Promise<void>>()
      .mockRejectedValue(new ApiError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }));
    const { user, fields, submit } = setup({ onSubmit });
    await user.type(fields.email, 'sam@example.com');
    await user.type(fields.password, 'wrong-password');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(fields.password).toHaveValue('wrong-password');
  });

  describe('Forgotten password?', () => {
    it("asks for the email first: 'Enter your Email'", async () => {
      const { onForgotPassword, fields, forgot } = setup();
      await forgot();
      expect(await screen.findByText('Enter your Email')).toBeInTheDocument();
      expect(fields.email).toHaveFocus();
      expect(onForgotPassword).not.toHaveBeenCalled();
    });

    it('rejects an address that is not one', async () => {
      const { user, onForgotPassword, fields, forgot } = setup();
      await user.type(fields.email, 'sam@');
      await forgot();
      expect(await screen.findByText('Please provide a valid email')).toBeInTheDocument();
      expect(onForgotPassword).not.toHaveBeenCalled();
    });

    it("sends the reset email to the typed address and says 'Email Sent'", async () => {
      const { user, onForgotPassword, fields, forgot } = setup();
      await user.type(fields.email, ' Sam@Example.com ');
      await forgot();
      expect(await screen.findByText('Email Sent')).toBeInTheDocument();
      expect(onForgotPassword).toHaveBeenCalledWith('sam@example.com');
    });

    it("shows the shop's message when it refuses, e.g. too many requests", async () => {
      const onForgotPassword = vi
        .fn<(email: string) => Promise<unknown>>()
        .mockRejectedValue(new ApiError({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again in 30 seconds.' }));
      const { user, fields, forgot } = setup({ onForgotPassword });
      await user.type(fields.email, 'sam@example.com');
      await forgot();
      expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 30 seconds.');
      expect(screen.queryByText('Email Sent')).not.toBeInTheDocument();
    });
  });
});
