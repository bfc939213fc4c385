import { render, screen, waitFor, within } from '@testing-library/react';
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
  const stars = () => screen.getByRole('radiogroup', { name: 'Ratings' });
  const fill = async ({ review = 'Fast delivery, the pads fit.', ratings = 4, photo = true } = {}) => {
    if (review) await user.type(field('Review'), review);
    if (ratings) await user.click(within(stars()).getByRole('radio', { name: ratings === 1 ? '1 star' : `${ratings} stars` }));
    if (photo) await user.upload(field(/^Image/), photoFile('me.png'));
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Add Review' }));
  return { user, onSubmit, field, stars, fill, submit };
}

describe('AddReviewForm', () => {
  it('has a labelled review, ratings as five stars with the hint 1-5, none chosen, and a photo', () => {
    const { field, stars } = setup();
    expect(screen.getByRole('form', { name: 'Add Review' })).toHaveAttribute('novalidate');
    expect(field('Review').tagName).toBe('TEXTAREA');
    expect(stars()).toHaveAccessibleDescription('1-5');
    const radios = within(stars()).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'].forEach((name, index) => expect(radios[index]).toHaveAccessibleName(name));
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(field(/^Image/)).toHaveAttribute('type', 'file');
  });

  it('fills the stars up to the one chosen, by pointer or with the arrow keys', async () => {
    const { user, stars } = setup();
    const filled = () => stars().querySelectorAll('svg[fill="currentColor"]').length;
    await user.click(within(stars()).getByRole('radio', { name: '3 stars' }));
    expect(within(stars()).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(filled()).toBe(3);
    await user.keyboard('{ArrowRight}');
    expect(within(stars()).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(stars()).getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(filled()).toBe(4);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(within(stars()).getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(filled()).toBe(1);
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
    expect(screen.getByRole('radiogroup', { name: 'Ratings' })).toHaveAccessibleDescription('1-5 Ratings is Required. Please Try Agian.');
    expect(messageFor(/^Image/)).toBe('Image is Required.Please Try Again.');
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
    expect(within(screen.getByRole('radiogroup', { name: 'Ratings' })).getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect((field(/^Image/) as HTMLInputElement).value).toBe('');
  });

  it("puts the shop's field messages under their fields", async () => {
    const { fill, submit, onSubmit } = setup();
    onSubmit.mockResolvedValue({ saved: false, fieldErrors: { img: ['Please upload the image again'], ratings: ['Ratings must be a whole number from 1 to 5'] } });
    await fill();
    await submit();
    await waitFor(() => expect(messageFor(/^Image/)).toBe('Please upload the image again'));
    expect(screen.getByRole('radiogroup', { name: 'Ratings' })).toHaveAccessibleDescription('1-5 Ratings must be a whole number from 1 to 5');
    expect(messageFor('Review')).toBeNull();
  });
});
