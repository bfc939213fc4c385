import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProfileForm, type ProfileFormValues } from './profile-form';
import type { SubmitOutcome } from '@/lib/field-errors';

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

function setup(props: Partial<Parameters<typeof ProfileForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: ProfileFormValues) => Promise<SubmitOutcome>>().mockResolvedValue({ saved: true });
  const user = userEvent.setup();
  render(<ProfileForm defaultPhone="" onSubmit={onSubmit} upload={{ progress: null, error: null }} {...props} />);
  return {
    user,
    onSubmit,
    phone: screen.getByLabelText('Phone'),
    image: screen.getByLabelText(/^Image/),
    submit: () => user.click(screen.getByRole('button', { name: 'Update' })),
  };
}

describe('ProfileForm', () => {
  it("is SPEC's 'Update Your Profile' form", () => {
    setup();
    expect(screen.getByRole('form', { name: 'Update Your Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText(/^Image/)).toHaveAttribute('type', 'file');
  });

  it('requires both the phone and the image, each with its own message', async () => {
    const { onSubmit, submit } = setup();
    await submit();
    expect(await screen.findByText('Phone is Required')).toBeInTheDocument();
    expect(screen.getByText('Image is Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('still requires the image when the phone is there', async () => {
    const { user, phone, onSubmit, submit } = setup();
    await user.type(phone, '+1 555 0100');
    await submit();
    expect(await screen.findByText('Image is Required')).toBeInTheDocument();
    expect(screen.queryByText('Phone is Required')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a phone number that is not one', async () => {
    const { user, phone, image, submit } = setup();
    await user.type(phone, 'call me');
    await user.upload(image, photo());
    await submit();
    expect(await screen.findByText('Please provide a valid phone number')).toBeInTheDocument();
  });

  it('hands over the trimmed phone and the chosen file', async () => {
    const { user, phone, image, onSubmit, submit } = setup();
    const file = photo();
    await user.type(phone, ' +1 555 0100 ');
    await user.upload(image, file);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ phone: '+1 555 0100', image: file });
  });

  it('is ready for the next change once saved: the chosen file is cleared, the phone kept', async () => {
    const { user, phone, image, submit } = setup();
    await user.type(phone, '+1 555 0100');
    await user.upload(image, photo());
    await submit();
    expect((image as HTMLInputElement).files).toHaveLength(0);
    expect((image as HTMLInputElement).value).toBe('');
    expect(phone).toHaveValue('+1 555 0100');
  });

  it("shows the upload's progress and why it failed", () => {
    const { rerender } = render(<ProfileForm defaultPhone="" onSubmit={vi.fn()} upload={{ progress: 0.42, error: null }} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading image' })).toHaveAttribute('value', '42');
    rerender(
      <ProfileForm defaultPhone="" onSubmit={vi.fn()} upload={{ progress: null, error: 'Please choose a JPEG, PNG, WebP, GIF or AVIF image' }} />,
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG, WebP, GIF or AVIF image');
  });
});
