import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';

const searchApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    listSearchSuggestions: build.query<string[], string>({
      query: (keyword) => ({ url: '/catalogue/suggestions', params: { keyword } }),
    }),
    listHotKeywords: build.query<string[], void>({
      query: () => ({ url: '/catalogue/hot_keywords' }),
    }),
  }),
});

export const { useListSearchSuggestionsQuery, useListHotKeywordsQuery } = searchApi;
