import { configure } from '@testing-library/react';

/**
 * The console project's jest setup: jsdom has no matchMedia, and antd's responsive parts (the desktop
 * console's tables, grids and layout) ask it on render. A media list that matches nothing, as a browser
 * whose window matches no query would answer; every console test gets it, none has to ask for it.
 */
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// antd's tables and dialogs render slowly in jsdom on a machine other test runs share: a screen's first
// answer may take longer than testing-library's default second to show.
configure({ asyncUtilTimeout: 10_000 });
