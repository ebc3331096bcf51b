import { Tabs } from 'antd-mobile';
import { useId, useLayoutEffect, useRef } from 'react';
import { useDirection } from '../i18n/use-direction';

import type { NamedTabsProps } from './named-tabs-props';

/**
 * (Loaded with the first screen that shows tabs, see named-tabs.tsx.)
 * antd-mobile's Tabs with the ARIA tabs pattern complete: a named tab list, tabs with ids that
 * control the panel, and a tab panel named by the active tab. antd-mobile gives its tab list and
 * tabs roles but no name, ids or panel, and passes no props to those elements, so the attributes
 * are set on them after each render (React leaves attributes it does not manage alone).
 */
export const NamedTabsView = <K extends string>({ label, tabs, activeKey, onChange, children }: NamedTabsProps<K>) => {
  const direction = useDirection();
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = `${id}-panel`;
  const hasPanel = children !== undefined;

  useLayoutEffect(() => {
    const list = box.current?.querySelector('[role="tablist"]');
    if (!list) return;
    list.setAttribute('aria-label', label);
    list.querySelectorAll('[role="tab"]').forEach((tab, index) => {
      tab.id = tabId(index);
      if (hasPanel) tab.setAttribute('aria-controls', panelId);
    });
  });

  const active = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === activeKey),
  );
  return (
    <>
      <div ref={box}>
        <Tabs direction={direction} activeKey={activeKey} onChange={(key) => onChange(key as K)}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.key} title={tab.title} />
          ))}
        </Tabs>
      </div>
      {hasPanel && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
          {children}
        </div>
      )}
    </>
  );
};
