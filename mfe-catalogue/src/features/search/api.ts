import { api } from '@marketplace/shared';

export const searchApi = api.injectEndpoints({
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
