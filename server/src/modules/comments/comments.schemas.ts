import { z } from 'zod';
import { productCommentsQuery, type Page, type ProductComment } from '@marketplace/shared/contracts';

/** Which reviews the product page's review list shows: all, those with pictures, or one product score. */
export const REVIEW_FILTERS = ['all', 'pics', '5', '4', '3', '2', '1'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** `GET /api/catalogue/product_comments?id&page&pageSize&filter`: `filter` is optional (all reviews). */
export const productReviewsQuery = productCommentsQuery.extend({
  filter: z.enum(REVIEW_FILTERS).default('all'),
});

/** How many of the product's reviews each filter shows, so the filter chips can say so. */
export interface ReviewCounts {
  all: number;
  pics: number;
  /** By product score: `scores['5']` reviews gave 5 stars. */
  scores: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** A page of reviews and the counts of every filter. */
/** A review as the product page lists it: with the shop's reply (null until it answers). */
type ListedReview = ProductComment & { reply: string | null; repliedAt: string | null };
export type ProductReviewsPage = Page<ListedReview> & { counts: ReviewCounts };
