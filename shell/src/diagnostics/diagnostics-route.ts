/** The shell's own route: where to look for each remote's path to this page. */
export const DIAGNOSTICS_PATH = '/diagnostics';
export const DIAGNOSTICS_TITLE_KEY = 'common:diagnostics.title';
