import { HISTORY_STORAGE_KEY } from '@marketplace/shared/contracts/core';

/** `historyPaths` in localStorage; anything unreadable counts as an empty history. */
export const readHistoryPaths = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
};

export const writeHistoryPaths = (paths: readonly string[]): void => {
  localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(paths));
};
