import { links } from '@marketplace/shared';
import type { ProductSpec, ProductVariant } from '@marketplace/shared/contracts';

/** The first spec still without a chosen option, or null when every spec has one. */
export const missingSpec = (specs: ProductSpec[], chosen: Record<string, string>): string | null =>
  specs.find((spec) => !spec.options.includes(chosen[spec.name] ?? ''))?.name ?? null;

/** `/checkout` for "Buy now", as the orders remote reads it. */
export const buyNowUrl = (productId: number, quantity: number, spec: Record<string, string>): string =>
  `${links.checkout()}?product=${productId}&quantity=${quantity}&spec=${encodeURIComponent(JSON.stringify(spec))}`;

const sameSpec = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((name) => a[name] === b[name]);

/**
 * The variant a complete choice buys, as the server picks it: the exact combination's, else the one with
 * the empty spec (its price and stock are every other combination's). Undefined: none sells it.
 */
export const variantOf = (
  variants: ProductVariant[] | undefined,
  chosen: Record<string, string>,
): ProductVariant | undefined =>
  variants?.find((variant) => sameSpec(variant.spec, chosen)) ??
  variants?.find((variant) => Object.keys(variant.spec).length === 0);

/** True when choosing `option` completes a combination nobody can buy now (sold out or not sold). */
export const soldOutOption = (
  specs: ProductSpec[],
  variants: ProductVariant[] | undefined,
  chosen: Record<string, string>,
  name: string,
  option: string,
): boolean => {
  if (!variants) return false;
  const next = { ...chosen, [name]: option };
  if (missingSpec(specs, next) !== null) return false;
  return (variantOf(variants, next)?.stock ?? 0) < 1;
};
