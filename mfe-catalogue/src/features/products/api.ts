import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type {
  CategoryCount,
  ProductComment,
  Page,
  ProductCard,
  ProductCategory,
  ProductDetail,
  ProductSearchPage,
  SearchSort,
} from '@marketplace/shared/contracts';

export interface PageArgs {
  page: number;
  pageSize: number;
}

/** `/products` and `/searchs` ask for the same list; every filter is optional. */
interface ProductSearchArgs extends PageArgs {
  keyword?: string;
  category?: ProductCategory;
  minPrice?: number;
  maxPrice?: number;
  sort?: SearchSort;
}

const productTags = (result: Page<ProductCard> | undefined) => [
  { type: 'Product' as const, id: 'LIST' },
  ...(result?.list ?? []).map((product) => ({ type: 'Product' as const, id: product.id })),
];

export const productsApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    listCatalogueCategories: build.query<CategoryCount[], void>({
      query: () => ({ url: '/catalogue/categories' }),
    }),
    listHotProducts: build.query<Page<ProductCard>, PageArgs>({
      query: (params) => ({ url: '/catalogue/hot_products', params }),
      providesTags: productTags,
    }),
    searchProducts: build.query<ProductSearchPage, ProductSearchArgs>({
      query: (params) => ({ url: '/catalogue/products', params }),
      providesTags: productTags,
    }),
    listPopularProducts: build.query<Page<ProductCard>, PageArgs>({
      query: (params) => ({ url: '/catalogue/popular', params }),
      providesTags: productTags,
    }),
    // Each visit counts a view, so the detail is always asked afresh.
    getProductDetail: build.query<ProductDetail, number>({
      query: (id) => ({ url: '/catalogue/product', params: { id } }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'Product' as const, id }],
    }),
    listProductComments: build.query<Page<ProductComment>, PageArgs & { id: number }>({
      query: (params) => ({ url: '/catalogue/product_comments', params }),
      providesTags: [{ type: 'Comment', id: 'LIST' }],
    }),
    saveProduct: build.mutation<{ saved: boolean }, number>({
      query: (productId) => ({ url: '/catalogue/save_product', method: 'POST', body: { productId } }),
      invalidatesTags: [{ type: 'Product', id: 'SAVED' }],
    }),
    unsaveProduct: build.mutation<{ saved: boolean }, number>({
      query: (productId) => ({ url: '/catalogue/unsave_product', method: 'POST', body: { productId } }),
      invalidatesTags: [{ type: 'Product', id: 'SAVED' }],
    }),
    listSavedProducts: build.query<Page<ProductCard>, PageArgs>({
      query: (params) => ({ url: '/catalogue/saved_products', params }),
      providesTags: [{ type: 'Product', id: 'SAVED' }],
    }),
  }),
});

export const { useGetProductDetailQuery, useSaveProductMutation, useUnsaveProductMutation } = productsApi;
