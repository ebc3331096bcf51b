import { links } from '@marketplace/shared';
import type { ProductSpec } from '@marketplace/shared/contracts';

/** The first spec still without a chosen option, or null when every spec has one. */
export const missingSpec = (specs: ProductSpec[], chosen: Record<string, string>): string | null =>
  specs.find((spec) => !spec.options.includes(chosen[spec.name] ?? ''))?.name ?? null;

/** `/checkout` for "Buy now", as the orders remote reads it. */
export const buyNowUrl = (productId: number, quantity: number, spec: Record<string, string>): string =>
  `${links.checkout()}?product=${productId}&quantity=${quantity}&spec=${encodeURIComponent(JSON.stringify(spec))}`;
