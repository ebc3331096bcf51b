import type { i18n as I18n, ThirdPartyModule } from 'i18next';
import { localeOf } from '@marketplace/shared/contracts/core';

interface PluralResolverLike {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
  clearCache?(): void;
}

const PATCHED = Symbol.for('marketplace.htmlLangPlurals');

/**
 * Makes an i18next instance choose plural forms (`_zero/_one/_two/_few/_many/_other`) by the
 * language's `htmlLang`. i18next builds its rules with `Intl.PluralRules(<language code>)`, which
 * for `cr` or `jp` silently falls back to the runtime's default locale (English `one/other`), so
 * Czech would never reach `_few` and Japanese would ask for a `_one` it does not have.
 */
export const applyHtmlLangPlurals = (i18n: I18n): void => {
  const resolver = i18n.services?.pluralResolver as (PluralResolverLike & { [PATCHED]?: true }) | undefined;
  if (!resolver || resolver[PATCHED]) return;
  const original = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => original(code === 'dev' ? code : localeOf(code), options);
  resolver[PATCHED] = true;
  resolver.clearCache?.();
};

/**
 * The same as an i18next module: `i18next.use(htmlLangPlurals).init(…)`. i18next calls a
 * third-party module's `init` once its services (the plural resolver among them) exist.
 */
export const htmlLangPlurals: ThirdPartyModule = {
  type: '3rdParty',
  init: (i18n: I18n) => applyHtmlLangPlurals(i18n),
};
