import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '@marketplace/shared/contracts';
import { translator, type Translate } from '../../lib/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language file name picked from headers `lang` / `language` (requirements §12.1), else `en`. */
    lang: string;
    t: Translate;
  }
}

/** A message without parameters is looked up once per language, then read from this map. */
const remembering = (t: Translate): Translate => {
  const plain = new Map<string, string>();
  return (key, params) => {
    if (params) return t(key, params);
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = t(key)));
    return text;
  };
};

/** One translator per language, made at start instead of on every request. */
const translators = new Map<string, Translate>(LANGUAGE_CODES.map((code) => [code, remembering(translator(code))]));

const first = (value: unknown) => (Array.isArray(value) ? (value[0] as unknown) : value);

/**
 * The translator of the `lang` / `language` header, else English: for answers given before the request's
 * hooks ran (a URL the router cannot decode).
 */
export const headerTranslator = (headers: Record<string, unknown>): Translate => {
  for (const candidate of [first(headers.lang), first(headers.language)]) {
    const t = typeof candidate === 'string' ? translators.get(candidate) : undefined;
    if (t) return t;
  }
  return translators.get(DEFAULT_LANGUAGE)!;
};

export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('lang', DEFAULT_LANGUAGE);
    app.decorateRequest('t', null as unknown as Translate);
    const fallback = translators.get(DEFAULT_LANGUAGE)!;
    // A plain (not async) hook: no promise per request for a few map lookups.
    app.addHook('onRequest', (request, _reply, done) => {
      const query = request.query as Record<string, unknown> | undefined;
      for (const candidate of [first(request.headers.lang), first(request.headers.language), query?.lang]) {
        const t = typeof candidate === 'string' ? translators.get(candidate) : undefined;
        if (t) {
          request.lang = candidate as string;
          request.t = t;
          return done();
        }
      }
      request.lang = DEFAULT_LANGUAGE;
      request.t = fallback;
      done();
    });
  },
  { name: 'i18n' },
);
