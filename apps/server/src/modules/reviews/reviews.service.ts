import type { Review } from '@shop/shared';
import { forbidden, notFound } from '../../lib/errors.js';
import type { CurrentUser } from '../identity/identity.plugin.js';
import type { ImagesService } from '../images/images.plugin.js';
import { toNewReviewRow, toReview, type NewReview } from './reviews.mapper.js';
import type { ReviewsRepository } from './reviews.repository.js';

/** Customers' reviews of the shop. Reviewers' emails are personal data: only answers for an admin carry them. */
export function createReviewsService({ repository, images }: { repository: ReviewsRepository; images: Pick<ImagesService, 'assertStored'> }) {
  return {
    /** Every review, oldest first (SPEC's client reverses the list); or the latest `latest` of them, still oldest first. */
    async list({ latest, withEmail }: { latest?: number; withEmail: boolean }): Promise<Review[]> {
      const rows = latest ? await repository.listLatest(latest) : await repository.listAll();
      return rows.map((row) => toReview(row, withEmail));
    },
    /** One page, newest first (the admin list), and how many reviews there are in all. */
    async page(offset: number, limit: number, withEmail: boolean): Promise<{ reviews: Review[]; total: number }> {
      const total = await repository.count();
      const rows = await repository.listPage(offset, limit);
      return { reviews: rows.map((row) => toReview(row, withEmail)), total };
    },
    /** Adds a review by `author`; answers its id. */
    async add(author: CurrentUser, review: NewReview): Promise<string> {
      await images.assertStored(review.img);
      return repository.insert(toNewReviewRow(review, author));
    },
    /** Deletes a review: its author's own, or any for an admin. */
    async remove(by: CurrentUser, id: string): Promise<void> {
      const review = await repository.findById(id);
      if (!review) throw notFound('Review');
      if (by.role !== 'admin' && review.user_id !== by.id) throw forbidden('You can only delete your own reviews');
      await repository.remove(review.id);
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
