import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubmitOutcome } from '@/lib/field-errors';
import { messageFor } from '@/test/field-message';
import { photoFile } from '@/test/image-upload-stub';
import type { AddReviewFormValues } from '../review-form-schema';
import { AddReviewForm } from './add-review-form';

function setup() {
  const onSubmit = vi.fn<(values: AddReviewFormValues) => Promise<SubmitOutcome>>().mockResolvedValue({ saved: true });
  const user = userEvent.setup();
  render(<AddReviewForm onSubmit={onSubmit} upload={{ progress: null, error: null }} />);
  const field = (label: string | RegExp) => screen.getByLabelText(label);
  const fill = async ({ review = 'Fast delivery, the pads fit.', ratings = '4', photo = true } = {}) => {
    if (review) await user.type(field('Review'), review);
    if (ratings) await user.type(field(/^Ratings/), ratings);
    if (photo) await user.upload(field(/^Image/), photoFile('me.png'));
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Add Review' }));
  return { user, onSubmit, field, fill, submit };
}

describe('AddReviewForm', () => {
  it('has a labelled review, free-text ratings with the hint 1-5, and a photo', () => {
    const { field } = setup();
    expect(screen.getByRole('form', { name: 'Add Review' })).toHaveAttribute('novalidate');
    expect(field('Review').tagName).toBe('TEXTAREA');
    expect(field(/^Ratings/)).toHaveAttribute('type', 'text');
    expect(field(/^Ratings/)).toHaveAccessibleDescription('1-5');
    expect(field(/^Image/)).toHaveAttribute('type', 'file');
  });

  it('says at once when the chosen file is no photo the shop takes, and shows no preview of it', async () => {
    const onSubmit = vi.fn<(values: AddReviewFormValues) => Promise<SubmitOutcome>>();
    // A person can pick any file with "All files" in the chooser, whatever the input accepts.
    const user = userEvent.setup({ applyAccept: false });
    render(<AddReviewForm onSubmit={onSubmit} upload={{ progress: null, error: null }} />);
    await user.upload(screen.getByLabelText(/^Image/), new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(messageFor(/^Image/)).toBe('Please choose a JPEG, PNG, WebP, GIF or AVIF image'));
    expect(screen.queryByRole('img')).toBeNull();
    await user.upload(screen.getByLabelText(/^Image/), photoFile('me.png'));
    await waitFor(() => expect(messageFor(/^Image/)).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows SPEC's message under each empty field", async () => {
    const { submit, onSubmit } = setup();
    await submit();
    await waitFor(() => expect(messageFor('Review')).toBe('Review is Required. Please Try Again.'));
    expect(messageFor(/^Ratings/)).toBe('Ratings is Required. Please Try Agian.');
    expect(messageFor(/^Image/)).toBe('Image is Required.Please Try Again.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['6', '4.5', 'five', '0'])('refuses the ratings %s', async (ratings) => {
    const { fill, submit, onSubmit } = setup();
    await fill({ ratings });
    await submit();
    await waitFor(() => expect(messageFor(/^Ratings/)).toBe('Ratings must be a whole number from 1 to 5'));
    expect(messageFor('Review')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the review, the ratings as a number and the photo, then clears the form', async () => {
    const { fill, submit, onSubmit, field } = setup();
    await fill();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      review: 'Fast delivery, the pads fit.',
      ratings: 4,
      image: expect.objectContaining({ name: 'me.png' }),
    });
    await waitFor(() => expect(field('Review')).toHaveValue(''));
    expect(field(/^Ratings/)).toHaveValue('');
    expect((field(/^Image/) as HTMLInputElement).value).toBe('');
  });

  it("puts the shop's field messages under their fields", async () => {
    const { fill, submit, onSubmit } = setup();
    onSubmit.mockResolvedValue({ saved: false, fieldErrors: { img: ['Please upload the image again'] } });
    await fill();
    await submit();
    await waitFor(() => expect(messageFor(/^Image/)).toBe('Please upload the image again'));
    expect(messageFor('Review')).toBeNull();
  });
});
