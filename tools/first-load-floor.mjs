// The first-load floor of the stack: what /home must download before it can start, with no line of the
// app in it. The shared libraries the first screen runs (exactly the names the apps import from them,
// see shared/federation/*-client.mjs and the SHARED_SINGLETONS) bundled once and tree-shaken by esbuild,
// plus the Module Federation runtime as built (main.js carries it; a remote's remoteEntry.js carries the
// rest). Compared with the 170 KB budget (docs/decisions/0008-first-load-budget.md) by `npm run bench` (tools/bench.mjs), so the table says
// how much of the first load is the stack's and how much is the app's.
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './app-server.mjs';

// esbuild is installed with tsx (the release CLI's runner); nothing here is shipped.
const esbuild = createRequire(path.join(root, 'release/package.json'))('esbuild');

const REACT_GROUP = 'React + ReactDOM';
const REACT_PACKAGES = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];

/** Each group: the imports the apps make of those libraries. */
export const FLOOR_GROUPS = {
  [REACT_GROUP]: [`export * as React from 'react';`, `export { createRoot } from 'react-dom/client';`],
  'Redux Toolkit + RTK Query + React Redux': [
    `export { configureStore, createSlice } from '@reduxjs/toolkit';`,
    `export { createApi } from '@reduxjs/toolkit/query/react';`,
    `export { Provider, useDispatch, useSelector, useStore } from 'react-redux';`,
  ],
  'i18next + react-i18next (the shared facade)': [
    `export { default as i18next } from 'i18next';`,
    `export * from '${path.join(root, 'shared/federation/react-i18next-client.mjs')}';`,
  ],
  'React Router (the shared facade)': [
    `export * from '${path.join(root, 'shared/federation/react-router-client.mjs')}';`,
  ],
};

/** gzip bytes of each group bundled alone (React left out but in its own) and of all in one bundle. */
export const libraryFloor = async () => {
  const gzipOf = async (lines, external = []) => {
    const result = await esbuild.build({
      stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      external,
      alias: {
        'react-router': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
      },
    });
    return gzipSync(result.outputFiles[0].contents).length;
  };
  const groups = {};
  // Each group without React (counted once, in its own group).
  for (const [name, lines] of Object.entries(FLOOR_GROUPS))
    groups[name] = await gzipOf(lines, name === REACT_GROUP ? [] : REACT_PACKAGES);
  return { groups, all: await gzipOf(Object.values(FLOOR_GROUPS).flat()) };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { groups, all } = await libraryFloor();
  for (const [name, bytes] of Object.entries(groups)) console.log(`${name}: ${(bytes / 1024).toFixed(1)} KB gzip`);
  console.log(`all together: ${(all / 1024).toFixed(1)} KB gzip`);
}
