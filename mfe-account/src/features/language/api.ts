import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { Language } from '@marketplace/shared/contracts';

const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLanguages: build.query<Language[], void>({
      query: () => '/user/language_list',
      providesTags: ['Language'],
    }),
    setUserLanguage: build.mutation<unknown, { lang: string }>({
      query: ({ lang }) => ({ url: '/user/set_language', params: { lang } }),
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useListLanguagesQuery, useSetUserLanguageMutation } = languageApi;
