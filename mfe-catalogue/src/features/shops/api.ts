import { api, withMsg, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { FollowResult, Page, ProductCard, ProductSort, ShopCard, ShopDetail } from '@marketplace/shared/contracts';
import type { PageArgs } from '../products';

export const shopsApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    listHotShops: build.query<Page<ShopCard>, PageArgs>({
      query: (params) => ({ url: '/catalogue/hot_shops', params }),
      providesTags: [{ type: 'Shop', id: 'LIST' }],
    }),
    getShopDetail: build.query<ShopDetail, number>({
      query: (id) => ({ url: '/catalogue/shop', params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Shop' as const, id }],
    }),
    listShopProducts: build.query<Page<ProductCard>, PageArgs & { id: number; sort?: ProductSort }>({
      query: (params) => ({ url: '/catalogue/shop_products', params }),
    }),
    followShop: build.mutation<{ data: FollowResult; msg: string }, number>({
      query: (shopId) => ({ url: '/catalogue/follow', method: 'POST', body: { shopId } }),
      transformResponse: withMsg<FollowResult>,
      invalidatesTags: (_result, _error, shopId) => [
        { type: 'Shop', id: shopId },
        { type: 'Shop', id: 'FOLLOWED' },
      ],
    }),
    unfollowShop: build.mutation<{ data: FollowResult; msg: string }, number>({
      query: (shopId) => ({ url: '/catalogue/unfollow', method: 'POST', body: { shopId } }),
      transformResponse: withMsg<FollowResult>,
      invalidatesTags: (_result, _error, shopId) => [
        { type: 'Shop', id: shopId },
        { type: 'Shop', id: 'FOLLOWED' },
      ],
    }),
    listFollowedShops: build.query<Page<ShopCard>, PageArgs>({
      query: (params) => ({ url: '/catalogue/followed_shops', params }),
      providesTags: [{ type: 'Shop', id: 'FOLLOWED' }],
    }),
  }),
});

export const { useListHotShopsQuery, useGetShopDetailQuery, useFollowShopMutation, useUnfollowShopMutation } = shopsApi;
