import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const swc = require('./tools/jest/swc.cjs');
// `.cjs` too: PGlite's CommonJS build uses dynamic import(), which jest's VM only runs once swc rewrites it.
const transform = { '^.+\\.(t|j)sx?$': swc, '^.+\\.cjs$': swc };
// ESM-only packages that jest must transform to CommonJS (content-disposition and cookie come with fastify;
// p-timeout with p-queue).
const transformIgnorePatterns = [
  '/node_modules/(?!(altcha|altcha-lib|content-disposition|cookie|@electric-sql/pglite|p-queue|p-timeout)/)',
];

const web = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: '<rootDir>/../tools/jest/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup-web.ts'],
  moduleNameMapper: { '\\.(css|less)$': '<rootDir>/../tools/jest/css-module.cjs' },
  transform,
  transformIgnorePatterns,
});
const node = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  transform,
  transformIgnorePatterns,
});

/** @type {import('jest').Config} */
export default {
  rootDir: '.',
  projects: [
    web('shared'),
    web('shell'),
    web('mfe-catalogue'),
    web('mfe-orders'),
    web('mfe-wallet'),
    web('mfe-account'),
    // antd's desktop components ask matchMedia on render, which jsdom lacks.
    {
      ...web('console'),
      setupFilesAfterEnv: [...web('console').setupFilesAfterEnv, '<rootDir>/src/testing/setup-match-media.ts'],
    },
    {
      ...web('seller'),
      setupFilesAfterEnv: [...web('seller').setupFilesAfterEnv, '<rootDir>/src/testing/setup-match-media.ts'],
    },
    node('server'),
    node('release'),
  ],
  // Which local services answer (Redis, PostgreSQL): tests that need one are skipped, and say so, without it.
  globalSetup: '<rootDir>/tools/jest/services.cjs',
  testTimeout: 30_000,
  // Both cores (jest's default on 2 cores is 1 worker): every server test app has a database of its own
  // (in-memory PGlite, or a new PostgreSQL database) and its own Redis key prefix, so files never share state.
  maxWorkers: 2,
};
