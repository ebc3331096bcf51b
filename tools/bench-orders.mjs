// Bytes a shopper downloads for each issue-5 screen of the orders remote and the address screens of
// the account remote: the gzip size of the lazy JS + CSS chunks that hold the screen, found in the
// production build by a class name only that screen uses. Static (no server), bounded, local only.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './app-server.mjs';

const SCREENS = [
  { route: '/myPurchases/:status?', remote: 'mfe-orders', marker: 'orders-card__footer' },
  { route: '/orderInfo/:id?', remote: 'mfe-orders', marker: 'order-detail__amounts' },
  { route: '/checkout', remote: 'mfe-orders', marker: 'checkout__bar' },
  { route: '/refund/…', remote: 'mfe-orders', marker: 'refund-form__order' },
  { route: '/comment', remote: 'mfe-orders', marker: 'comment-form__product' },
  { route: '/address', remote: 'mfe-account', marker: 'address-card__choose' },
  { route: '/addressForm/:id?', remote: 'mfe-account', marker: 'address.placeholder.detailedAddress' },
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const versionDir = (remote) => {
  const { version } = JSON.parse(readFileSync(path.join(root, remote, 'package.json'), 'utf8'));
  const dir = path.join(root, remote, 'dist', version);
  if (!existsSync(dir)) throw new Error(`${remote} is not built (${dir}); run npm run build first`);
  return dir;
};

/** Chunks (JS, and the CSS beside a JS chunk of the same id) whose text contains the marker. */
const chunksOf = (dir, marker) => {
  const files = readdirSync(dir).filter((file) => /^\d+\.[0-9a-f]+\.(js|css)$/.test(file));
  const hits = files.filter((file) => readFileSync(path.join(dir, file), 'utf8').includes(marker));
  const ids = new Set(hits.map((file) => file.split('.')[0]));
  return files.filter((file) => ids.has(file.split('.')[0]));
};

const rows = SCREENS.map(({ route, remote, marker }) => {
  const dir = versionDir(remote);
  const chunks = chunksOf(dir, marker);
  const size = (ext) =>
    chunks
      .filter((file) => file.endsWith(ext))
      .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dir, file))).length, 0);
  return { route, remote, chunks: chunks.length, js: size('.js'), css: size('.css') };
});

const table = [
  '| screen | remote | chunks | JS (gzip) | CSS (gzip) |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.route} | ${r.remote} | ${r.chunks} | ${kb(r.js)} | ${kb(r.css)} |`),
].join('\n');
const report = `## Orders and address screens: own chunk bytes\n\nShared singletons (React, antd-mobile, the store) are loaded once by the shell and not counted.\n\n${table}\n`;
console.log(report);
const out = path.join(root, 'var/bench');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'orders.md'), report);
if (rows.some((r) => r.chunks === 0)) {
  console.error('bench-orders: a screen was not found in the build (stale build?)');
  process.exit(1);
}
