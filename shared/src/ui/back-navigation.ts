import { useCallback } from 'react';

/** Goes back, to `backUrl` when one is given (requirements §2.4); the shell registers its history stack. */
export type BackHandler = (backUrl?: string) => void;

let backHandler: BackHandler = (backUrl) => {
  if (backUrl) window.location.assign(backUrl);
  else window.history.back();
};

export const setBackHandler = (fn: BackHandler): void => {
  backHandler = fn;
};

export const useGoBack = (): BackHandler => useCallback((backUrl?: string) => backHandler(backUrl), []);
