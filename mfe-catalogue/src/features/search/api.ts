import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';

const searchApi = api.injectEndpoints({
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
  endpoints: (build) => ({
    // The answers are in the shopper's language (the request's lang header): the language is part of the
    // cache key, so a language switch asks again instead of showing the last language's words.
    listSearchSuggestions: build.query<string[], { keyword: string; language: string }>({
      query: ({ keyword }) => ({ url: '/catalogue/suggestions', params: { keyword } }),
    }),
    listHotKeywords: build.query<string[], string>({
      query: () => ({ url: '/catalogue/hot_keywords' }),
    }),
  }),
});

export const { useListSearchSuggestionsQuery, useListHotKeywordsQuery } = searchApi;
