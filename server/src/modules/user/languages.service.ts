import { LANGUAGES } from '@marketplace/shared/contracts';
import type { UserRepository, UserRow } from './user.repository';

/** The languages the API speaks, and the one stored on the shopper. */
export const createLanguagesService = (users: UserRepository) => ({
  listLanguages() {
    return LANGUAGES;
  },

  async setLanguage(user: UserRow, lang: string): Promise<void> {
    await users.update(user.id, { lang });
  },
});

export type LanguagesService = ReturnType<typeof createLanguagesService>;
