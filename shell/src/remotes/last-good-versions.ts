import type { RemoteEntry } from '@marketplace/shared/contracts';

const STORAGE_KEY = 'remoteLastGood';

type LastGood = Record<string, Pick<RemoteEntry, 'version' | 'entry'>>;

const read = (): LastGood => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as LastGood) : {};
  } catch {
    return {};
  }
};

/** The version of a remote that last loaded and rendered in this browser (requirements §11). */
export const lastGoodVersion = (remoteKey: string): Pick<RemoteEntry, 'version' | 'entry'> | undefined =>
  read()[remoteKey];

export const rememberGoodVersion = (remoteKey: string, { version, entry }: RemoteEntry): void => {
  const all = read();
  if (all[remoteKey]?.entry === entry) return;
  all[remoteKey] = { version, entry };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
};
