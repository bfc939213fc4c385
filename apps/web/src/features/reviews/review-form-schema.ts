import { createReviewSchema, reviewMessages } from '@shop/shared';
import type { z } from 'zod';
import { requiredImageFile } from '@/utils/image-file-schema';

/**
 * The shared rules and SPEC's messages for the review and its ratings; the photo is a chosen
 * file here and becomes the uploaded path (`img`) when the form is sent. Name and email are
 * the signed-in customer's, set by the shop.
 */
export const addReviewFormSchema = createReviewSchema.pick({ review: true, ratings: true }).extend({
  image: requiredImageFile(reviewMessages.imageRequired),
});
export type AddReviewFormInput = z.input<typeof addReviewFormSchema>;
export type AddReviewFormValues = z.output<typeof addReviewFormSchema>;

/** The API's field names (a 422's fieldErrors) and the form fields that show their messages. */
export const ADD_REVIEW_FIELDS = { review: 'review', ratings: 'ratings', img: 'image' } as const;
