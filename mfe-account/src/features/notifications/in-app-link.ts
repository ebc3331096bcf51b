/** Only paths inside this app are followed: a stored link can never send a shopper to another site. */
export const isInAppLink = (link: string): boolean =>
  link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
