type Pair = [string, string];

const isSkipped = (value: unknown): boolean => value === undefined || value === null || value === '';

const collect = (prefix: string, value: unknown, pairs: Pair[]): void => {
  if (isSkipped(value)) return;
  if (value instanceof Date) {
    pairs.push([prefix, value.toISOString()]);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collect(`${prefix}[${index}]`, item, pairs));
  } else if (typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      collect(`${prefix}[${key}]`, inner, pairs);
    }
  } else {
    pairs.push([prefix, String(value)]);
  }
};

/**
 * GET params as requirements §12.2 writes them: nested objects as `key[sub]=v`, arrays as `key[0]=v`,
 * and empty string, null or undefined values left out.
 */
export const serializeParams = (params: Record<string, unknown>): string => {
  const pairs: Pair[] = [];
  for (const [key, value] of Object.entries(params)) collect(key, value, pairs);
  return pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
};
