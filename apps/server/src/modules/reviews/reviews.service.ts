import { reviewMessages, type ProductReviews, type Review } from '@shop/shared';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { CurrentUser } from '../identity/identity.plugin.js';
import type { ImagesService } from '../images/images.plugin.js';
import type { OrdersService } from '../orders/orders.plugin.js';
import type { CatalogueService } from '../products/products.plugin.js';
import { toNewReviewRow, toReview, type NewReview } from './reviews.mapper.js';
import type { ReviewsRepository } from './reviews.repository.js';

/** Customers' reviews of the shop. Reviewers' emails are personal data: only answers for an admin carry them. */
export function createReviewsService({
  repository,
  images,
  orders,
  catalogue,
}: {
  repository: ReviewsRepository;
  images: Pick<ImagesService, 'assertStored'>;
  orders: Pick<OrdersService, 'paidOrderIds'>;
  catalogue: Pick<CatalogueService, 'find'>;
}) {
  /** The reviewer's first paid order of the part that has no review yet. */
  const orderToReview = async (author: CurrentUser, productId: string): Promise<string> => {
    const paid = await orders.paidOrderIds(author.id, productId);
    if (paid.length === 0) throw forbidden(reviewMessages.notBought);
    const reviewed = new Set(await repository.reviewedOrders(paid));
    const orderId = paid.find((id) => !reviewed.has(id));
    if (!orderId) throw conflict(reviewMessages.alreadyReviewed);
    return orderId;
  };

  return {
    /** Every review, oldest first (SPEC's client reverses the list); or the latest `latest` of them, still oldest first. */
    async list({ latest, withEmail }: { latest?: number; withEmail: boolean }): Promise<Review[]> {
      const rows = latest ? await repository.listLatest(latest) : await repository.listAll();
      return rows.map((row) => toReview(row, withEmail));
    },
    /** One page, newest first (the admin list), and how many reviews there are in all. */
    async page(offset: number, limit: number, withEmail: boolean, q?: string): Promise<{ reviews: Review[]; total: number }> {
      const total = await repository.count(q);
      const rows = await repository.listPage(offset, limit, q);
      return { reviews: rows.map((row) => toReview(row, withEmail)), total };
    },
    /**
     * Adds a review by `author`; answers its id. A review of a part is taken only from a paid
     * order of it that has no review yet (one review per order).
     */
    async add(author: CurrentUser, review: NewReview): Promise<string> {
      const { productId } = review;
      if (!productId) {
        await images.assertStored(review.img);
        return repository.insert(toNewReviewRow(review, author));
      }
      const orderId = await orderToReview(author, productId);
      await images.assertStored(review.img);
      const id = await repository.insertForOrder({ ...toNewReviewRow(review, author, { productId, orderId }), order_id: orderId });
      // Another request reviewed the same order a moment ago.
      if (!id) throw conflict(reviewMessages.alreadyReviewed);
      return id;
    },
    /** One page of a part's reviews, newest first, with their count and average; null for an unknown part. */
    async ofProduct(productId: string, offset: number, limit: number): Promise<ProductReviews | null> {
      const product = await catalogue.find(productId);
      if (!product) return null;
      const rows = await repository.listForProduct(productId, offset, limit);
      return {
        total: product.rating?.count ?? 0,
        average: product.rating?.average ?? 0,
        reviews: rows.map((row) => toReview(row, false)),
      };
    },
    /** Deletes a review: its author's own, or any for an admin. */
    async remove(by: CurrentUser, id: string): Promise<void> {
      const review = await repository.findById(id);
      if (!review) throw notFound('Review');
      if (by.role !== 'admin' && review.user_id !== by.id) throw forbidden('You can only delete your own reviews');
      // An admin removing a review is the shop's activity; an author removing their own is not.
      await repository.remove(review, by.role === 'admin' ? by : undefined);
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
