import type { UserInfo } from '@marketplace/shared/contracts';

const STORAGE_KEY = 'lastSeenAccount';

/** What a slow start shows of the signed-in shopper before the account call answers. */
interface LastSeenAccount {
  account: string;
  name: string;
}

/**
 * Kept in this browser while the shopper is signed in (docs/decisions/0005-installable-offline.md: a slow or
 * absent network opens on what was last seen); only the account and the name, nothing the guard relies on.
 */
export const rememberAccount = (user: Pick<UserInfo, 'account' | 'givenName' | 'familyName'>): void => {
  const seen: LastSeenAccount = {
    account: user.account,
    name: [user.givenName, user.familyName].filter(Boolean).join(' ') || user.account,
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(seen));
  } catch {
    // A full or disabled storage only loses the name on the next slow start.
  }
};

export const forgetAccount = (): void => {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
};

export const lastSeenAccount = (): LastSeenAccount | null => {
  try {
    const seen = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LastSeenAccount> | null;
    return seen && typeof seen.account === 'string' && typeof seen.name === 'string'
      ? { account: seen.account, name: seen.name }
      : null;
  } catch {
    return null;
  }
};
