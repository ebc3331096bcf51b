import { DEFAULT_LANGUAGE } from '@marketplace/shared/contracts';

type Messages = Record<string, unknown>;

// Explicit imports, so each language is its own chunk and only the one in use is downloaded.
const loaders: Record<string, () => Promise<{ default: Messages }>> = {
  en: () => import('./en.json'),
  'zh-cn': () => import('./zh-cn.json'),
};

/** The account texts of a language; languages without a translation read English. */
export const loadAccountMessages = async (lang: string): Promise<Messages> => {
  const load = loaders[lang] ?? loaders[DEFAULT_LANGUAGE];
  if (!load) return {};
  return (await load()).default;
};
