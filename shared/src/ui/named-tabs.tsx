import { lazy, type ReactNode } from 'react';
import type { NamedTabsProps } from './named-tabs-props';

export type { NamedTabsProps } from './named-tabs-props';

// antd-mobile's Tabs animates with react-spring; no first screen shows tabs, so the tabs' code is
// downloaded with the first screen that does. There is no Suspense boundary here: the screen's own
// (its loading state) waits for it, so a screen appears with its tabs, never without them.
const NamedTabsView = lazy(() =>
  import(/* webpackChunkName: "named-tabs" */ './named-tabs.lazy').then((module) => ({
    default: module.NamedTabsView as (props: NamedTabsProps<string>) => ReactNode,
  })),
);

/** antd-mobile's Tabs with the ARIA tabs pattern complete (see named-tabs.lazy.tsx). */
export const NamedTabs = <K extends string>(props: NamedTabsProps<K>) => (
  <NamedTabsView {...(props as unknown as NamedTabsProps<string>)} />
);
