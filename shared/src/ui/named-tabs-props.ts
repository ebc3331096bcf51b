import type { ReactNode } from 'react';

// Props of `NamedTabs` (named-tabs.tsx) and of its lazily loaded view (named-tabs.lazy.tsx).
export interface NamedTabsProps<K extends string> {
  /** The tab list's accessible name ("Order status"). */
  label: string;
  tabs: readonly { key: K; title: string }[];
  activeKey: K;
  onChange: (key: K) => void;
  /** What the active tab shows: rendered as its tab panel, named by the active tab. */
  children?: ReactNode;
}
