import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { Page, ProductComment } from '@marketplace/shared/contracts';

/** Which reviews the review list shows: all, those with pictures, or one product score. */
export const REVIEW_FILTERS = ['all', 'pics', '5', '4', '3', '2', '1'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** How many reviews each filter shows (`GET /api/catalogue/product_comments` answers them with every page). */
export interface ReviewCounts {
  all: number;
  pics: number;
  scores: Record<'1' | '2' | '3' | '4' | '5', number>;
}

type ProductReviewsPage = Page<ProductComment> & { counts: ReviewCounts };

interface ProductReviewsArgs {
  id: number;
  filter: ReviewFilter;
  page: number;
  pageSize: number;
}

const detailApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    listProductReviews: build.query<ProductReviewsPage, ProductReviewsArgs>({
      query: (params) => ({ url: '/catalogue/product_comments', params }),
      providesTags: [{ type: 'Comment', id: 'LIST' }],
    }),
  }),
});

export const { useListProductReviewsQuery } = detailApi;
