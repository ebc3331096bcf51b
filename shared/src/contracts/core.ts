/**
 * `@marketplace/shared/contracts/core`: the contracts' values that need no schema library, for the
 * start path (the shell, the shared root entry, the home screen). The zod schemas load only with
 * the screens that validate (`@marketplace/shared/contracts`, which also exports everything here).
 * Every contract type is available here too (types cost nothing at run time).
 */
export * from './constants';
export * from './languages';
export * from './money';
export * from './catalogue-constants';
export * from './federation-constants';
export * from './manifest-check';
export type * from './index';
