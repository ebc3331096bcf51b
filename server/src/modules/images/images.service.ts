import type { ProductCategory } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';
import { ResponseCode } from '@marketplace/shared/contracts';
import type { ImagesRepository } from './images.repository';

/** Pictures are square; screens reserve this box so nothing shifts when they load. */
const IMAGE_SIZE = 400;

export const productImageUrl = (productId: number, n = 1) =>
  n === 1 ? `/api/images/product/${productId}.svg` : `/api/images/product/${productId}-${n}.svg`;
export const shopLogoUrl = (shopId: number) => `/api/images/shop/${shopId}.svg`;

const CATEGORY_HUES: Record<ProductCategory, number> = {
  computer: 210,
  electrical: 45,
  outdoors: 130,
  familyLife: 25,
  health: 170,
  menClothing: 230,
  womenClothing: 330,
  food: 10,
  mobilePhone: 265,
  toys: 55,
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Splits a label into lines of at most 12 characters at spaces. */
const labelLines = (label: string) =>
  label.split(' ').reduce<string[]>((lines, word) => {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 12) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

const text = (lines: string[], fill: string, size: number, centreY: number) =>
  lines
    .map(
      (line, i) =>
        `<text x="200" y="${centreY + (i - (lines.length - 1) / 2) * size * 1.2}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join('');

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 400 400">${body}</svg>`;

/** Deterministic picture: colour from the category, shape from the gallery position, the product noun as label. */
const productSvg = (product: { id: number; keyword: string; category: string }, n: number) => {
  const hue = CATEGORY_HUES[product.category as ProductCategory] ?? 0;
  const tone = (product.id * 37) % 20;
  const shapes = [
    `<circle cx="200" cy="170" r="110" fill="hsl(${hue},70%,${88 - tone / 2}%)"/>`,
    `<rect x="90" y="60" width="220" height="220" rx="36" fill="hsl(${hue},65%,85%)"/>`,
    `<polygon points="200,50 330,170 200,290 70,170" fill="hsl(${hue},60%,86%)"/>`,
    `<ellipse cx="200" cy="170" rx="150" ry="100" fill="hsl(${hue},55%,87%)"/>`,
  ];
  return svg(
    `<rect width="400" height="400" fill="hsl(${hue},55%,${40 + tone}%)"/>` +
      (shapes[(n - 1) % shapes.length] ?? '') +
      text(labelLines(product.keyword), `hsl(${hue},60%,22%)`, 34, 170) +
      `<text x="200" y="350" font-family="Arial, Helvetica, sans-serif" font-size="22" fill="#fff" text-anchor="middle">#${product.id}</text>`,
  );
};

const shopSvg = (shop: { id: number; name: string }) => {
  const hue = (shop.id * 47) % 360;
  const initials = shop.name
    .split(' ')
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
  return svg(
    `<rect width="400" height="400" fill="hsl(${hue},60%,45%)"/><circle cx="200" cy="200" r="150" fill="hsl(${hue},70%,90%)"/>` +
      text([initials], `hsl(${hue},60%,28%)`, 140, 205),
  );
};

/** A picture URL that names nothing is a real 404, so browsers and caches treat it as missing. */
export const imageNotFound = () => new AppError(ResponseCode.FAIL, 'err.catalogue.imageNotFound', undefined, null, 404);

export const createImagesService = ({ images }: { images: ImagesRepository }) => ({
  async productImage(productId: number, n: number) {
    const product = await images.product(productId);
    if (!product || n > product.imageCount) throw imageNotFound();
    return productSvg(product, n);
  },
  async shopLogo(shopId: number) {
    const shop = await images.shop(shopId);
    if (!shop) throw imageNotFound();
    return shopSvg(shop);
  },
});

export type ImagesService = ReturnType<typeof createImagesService>;
