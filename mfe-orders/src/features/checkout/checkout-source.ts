import type { BuyNow } from '@marketplace/shared/contracts';

/** What is being bought: selected bag items (`?items=1,2`) or one product (`?product&quantity&spec`). */
type CheckoutSource = { items: number[] } | { buyNow: BuyNow };

const positiveInt = (text: string | null): number | null => {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : null;
};

const parseSpec = (text: string | null): Record<string, string> => {
  if (!text) return {};
  try {
    const spec: unknown = JSON.parse(text);
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return {};
    return Object.fromEntries(
      Object.entries(spec).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
};

/** The hand-over from the bag and from "Buy now"; null when the URL names nothing to buy. */
export const readCheckoutSource = (params: URLSearchParams): CheckoutSource | null => {
  const items = (params.get('items') ?? '')
    .split(',')
    .map((part) => positiveInt(part.trim()))
    .filter((id): id is number => id !== null);
  if (items.length > 0) return { items: [...new Set(items)] };
  const productId = positiveInt(params.get('product'));
  if (productId === null) return null;
  return {
    buyNow: { productId, quantity: positiveInt(params.get('quantity')) ?? 1, spec: parseSpec(params.get('spec')) },
  };
};
