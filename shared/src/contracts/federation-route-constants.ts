/** Values of the route metadata (`routeMetaSchema`), for the schema and the schema-free manifest check. */
/** The tab bar's icons (route metadata `tab.icon`); the `bag` tab carries the bag's count badge. */
export const ROUTE_TAB_ICONS = ['home', 'explore', 'bag', 'me'] as const;

/**
 * What visiting a route does to the stored back-navigation history (requirements §2.4), route
 * metadata `history`: `push` adds it, `reset` starts a fresh history (tab roots), `skip` leaves it.
 */
export const ROUTE_HISTORY = ['push', 'reset', 'skip'] as const;
