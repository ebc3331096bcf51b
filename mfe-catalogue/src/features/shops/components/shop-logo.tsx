interface ShopLogoProps {
  src: string;
  /** Its width and height in CSS pixels (logos are square). */
  size: number;
  className?: string;
  /** The shop page's own logo is seen first: it loads at once, ahead of the rest; logos in lists wait until near. */
  eager?: boolean;
}

/** A shop's logo. Decorative (no alt text): the shop's name always stands beside it. */
export const ShopLogo = ({ src, size, className, eager = false }: ShopLogoProps) => (
  <img
    className={className}
    src={src}
    alt=""
    width={size}
    height={size}
    fetchPriority={eager ? 'high' : undefined}
    loading={eager ? undefined : 'lazy'}
    decoding={eager ? undefined : 'async'}
  />
);
