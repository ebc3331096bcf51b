import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { ContentPage, ContentSlug } from '@marketplace/shared/contracts';

/** Paths of requirements §12.3 for help and law; the platform (partnership) page has its own call. */
const CONTENT_PATHS: Record<ContentSlug, string> = {
  help: '/user/help_support',
  law: '/user/law',
  platform: '/user/platform',
};

/** `lang` only keys the cache: the base query sends the language header, so a new language fetches again. */
const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContentPage: build.query<ContentPage, { slug: ContentSlug; lang: string }>({
      query: ({ slug }) => CONTENT_PATHS[slug],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useGetContentPageQuery } = contentApi;
