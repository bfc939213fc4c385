import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  it('needs a new password of at least 6 characters', async () => {
    const onSubmit = vi.fn<(password: string) => Promise<void>>().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<ResetPasswordForm onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password is Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Must be 6 charecters or longer')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('See Password'));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
    await user.type(screen.getByLabelText('New Password'), '6');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });
});
