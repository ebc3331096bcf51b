import type * as React from 'react';

export interface ReactCopy {
  owner: string;
  react: typeof React;
}

export interface MarketplaceDiagnostics {
  store?: unknown;
  /** Versions of every React copy that registered; more than one entry means a broken singleton. */
  reactVersions?: Set<string>;
  /** Every registration; browser tests count distinct `react.useState` functions to prove one React is shared. */
  reactCopies?: ReactCopy[];
}

declare global {
  interface Window {
    __MARKETPLACE__?: MarketplaceDiagnostics;
  }
}

/** The shell and each remote's exposed module call this with the React they were built against. */
export const registerReactCopy = (react: typeof React, owner: string): void => {
  if (typeof window === 'undefined') return;
  const diagnostics = (window.__MARKETPLACE__ ??= {});
  (diagnostics.reactCopies ??= []).push({ owner, react });
  (diagnostics.reactVersions ??= new Set()).add(react.version);
};
