import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SignUpForm } from './sign-up-form';

function setup(onSubmit = vi.fn<(values: unknown) => Promise<void>>().mockResolvedValue(undefined)) {
  const user = userEvent.setup();
  render(<SignUpForm onSubmit={onSubmit} />);
  const fields = {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'SignUp' }));
  return { user, onSubmit, fields, submit };
}

describe('SignUpForm', () => {
  it('shows SPEC messages under each empty field and sends nothing', async () => {
    const { onSubmit, fields, submit } = setup();
    await submit();

    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    expect(screen.getByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is Required')).toBeInTheDocument();
    expect(fields.name).toHaveAccessibleDescription('Name is Required');
    expect(fields.name).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects an invalid email and a short password', async () => {
    const { user, onSubmit, fields, submit } = setup();
    await user.type(fields.name, 'Sam');
    await user.type(fields.email, 'sam@example');
    await user.type(fields.password, '12345');
    await submit();

    expect(await screen.findByText('Please provide a valid email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 charecters or longer')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the password while See Password is ticked', async () => {
    const { user, fields } = setup();
    const toggle = screen.getByRole('checkbox', { name: 'See Password' });
    expect(fields.password).toHaveAttribute('type', 'password');

    await user.click(toggle);
    expect(fields.password).toHaveAttribute('type', 'text');
    await user.click(toggle);
    expect(fields.password).toHaveAttribute('type', 'password');
  });

  it('sends the trimmed name and the email in lower case', async () => {
    const { user, onSubmit, fields, submit } = setup();
    await user.type(fields.name, '  Sam Rider ');
    await user.type(fields.email, 'Sam@Example.COM');
    await user.type(fields.password, 'secret-1');
    await submit();

    expect(onSubmit).toHaveBeenCalledWith({ name: 'Sam Rider', email: 'sam@example.com', password: 'secret-1' });
  });

  it("shows the shop's refusal in small red text, saying no more than the shop did", async () => {
    const onSubmit = vi
      .fn<(values: unknown) => Promise<void>>()
      .mockRejectedValue(new ApiError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }));
    const { user, fields, submit } = setup(onSubmit);
    await user.type(fields.name, 'Sam');
    await user.type(fields.email, 'sam@example.com');
    await user.type(fields.password, 'secret-1');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(alert).toHaveClass('text-sm', 'text-red-700');
  });

  it("puts the shop's field messages under their fields", async () => {
    const onSubmit = vi.fn<(values: unknown) => Promise<void>>().mockRejectedValue(
      new ApiError({
        status: 422,
        code: 'VALIDATION_FAILED',
        message: 'Please provide a valid email',
        fieldErrors: { email: ['Please provide a valid email'] },
      }),
    );
    const { user, fields, submit } = setup(onSubmit);
    await user.type(fields.name, 'Sam');
    await user.type(fields.email, 'sam@example.com');
    await user.type(fields.password, 'secret-1');
    await submit();

    expect(await screen.findByText('Please provide a valid email')).toBeInTheDocument();
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
