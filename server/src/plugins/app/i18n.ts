import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@marketplace/shared/contracts';
import { translator, type Translate } from '../../lib/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language file name picked from headers `lang` / `language` (spec section 7), else `en`. */
    lang: string;
    t: Translate;
  }
}

const pickLanguage = (...candidates: unknown[]): string =>
  candidates.map((value) => (Array.isArray(value) ? value[0] : value)).find(isLanguageCode) ?? DEFAULT_LANGUAGE;

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('lang', DEFAULT_LANGUAGE);
    app.decorateRequest('t', null as unknown as Translate);
    app.addHook('onRequest', async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      request.lang = pickLanguage(request.headers.lang, request.headers.language, query?.lang);
      request.t = translator(request.lang);
    });
  },
  { name: 'i18n' },
);
