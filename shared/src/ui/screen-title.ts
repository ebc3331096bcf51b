import { useEffect, useSyncExternalStore } from 'react';

/*
 * A route's title (routes.json `titleKey`, the browser tab) names the screen; a few screens are one
 * of two things depending on their data (`/addressForm/:id?` adds or edits, `/changePayPwd` sets or
 * changes). Such a screen names itself here and the shell's document title follows it, so the tab
 * and the heading always say the same thing. One value: only the shown screen sets it.
 */
let screenTitleKey: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Makes `titleKey` (`ns:key`) the document title while this screen is shown; null keeps the route's. */
export const useScreenTitle = (titleKey: string | null): void => {
  useEffect(() => {
    if (!titleKey) return undefined;
    screenTitleKey = titleKey;
    emit();
    return () => {
      if (screenTitleKey !== titleKey) return;
      screenTitleKey = null;
      emit();
    };
  }, [titleKey]);
};

/** The title key the shown screen asked for, if any (read by the shell's document title). */
export const useScreenTitleKey = (): string | null =>
  useSyncExternalStore(
    subscribe,
    () => screenTitleKey,
    () => null,
  );
