/** Kept on this device only (localStorage), newest first, without repeats. */
export const SEARCH_HISTORY_KEY = 'catalogueSearchHistory';
export const SEARCH_HISTORY_LIMIT = 10;

export const readSearchHistory = (): string[] => {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
};

const write = (history: string[]): string[] => {
  try {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Storage full or disabled: the history just is not remembered.
  }
  return history;
};

export const addToSearchHistory = (keyword: string): string[] => {
  const trimmed = keyword.trim();
  if (!trimmed) return readSearchHistory();
  return write([trimmed, ...readSearchHistory().filter((entry) => entry !== trimmed)].slice(0, SEARCH_HISTORY_LIMIT));
};

export const clearSearchHistory = (): string[] => write([]);
