// Writes the catalogue's category icons as SVG files (mfe-catalogue/src/features/categories/icons/),
// drawn by antd-mobile-icons, the app's one icon set: `node tools/category-icons.mjs`.
// As files they reach the page as CSS masks (category-icon.css), not as JavaScript: the ten icons as
// React components were 9.4 KB gzip of the Home chunk, their path data alone 8.6 KB.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'mfe-catalogue/package.json'));
const { createElement } = require('react');
const { renderToStaticMarkup } = require('react-dom/server');
const icons = require('antd-mobile-icons');

/** Category key (shared/contracts PRODUCT_CATEGORIES) → antd-mobile-icons component. */
export const CATEGORY_ICON_NAMES = {
  computer: 'AppstoreOutline',
  electrical: 'SoundOutline',
  outdoors: 'CompassOutline',
  familyLife: 'TeamOutline',
  health: 'CheckShieldOutline',
  menClothing: 'UserOutline',
  womenClothing: 'UserContactOutline',
  food: 'KoubeiOutline',
  mobilePhone: 'PhoneFill',
  toys: 'GiftOutline',
};

const outDir = path.join(root, 'mfe-catalogue/src/features/categories/icons');
for (const [category, name] of Object.entries(CATEGORY_ICON_NAMES)) {
  const svg = renderToStaticMarkup(createElement(icons[name]))
    // Only the drawing: no ids, no invisible bounding rectangle, no inline style or class, no size.
    .replace(/ (id|class|style|width|height|xmlns:xlink)="[^"]*"/g, '')
    .replace(/<rect[^>]*opacity="0"[^>]*\/>/g, '')
    .replace(/<rect[^>]*opacity="0"[^>]*><\/rect>/g, '')
    // Coordinates to a tenth of a unit of the 48-unit grid (a 20th of a pixel at 24 px): from 8 decimals,
    // which were half of the bytes. (svgo would do this and more; it is not a dependency here.)
    .replace(/-?\d*\.\d{2,}/g, (number) => String(Math.round(Number(number) * 10) / 10));
  writeFileSync(path.join(outDir, `${category}.svg`), `${svg}\n`);
}
console.log(`wrote ${Object.keys(CATEGORY_ICON_NAMES).length} icons to ${path.relative(root, outDir)}`);
