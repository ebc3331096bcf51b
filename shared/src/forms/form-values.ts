/** antd-mobile leaves untouched fields undefined; the schemas expect strings. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Optional fields left blank are not sent, so the server's optional schemas accept them. */
export const optionalText = (value: unknown): string | undefined => {
  const text = textOf(value).trim();
  return text ? text : undefined;
};
