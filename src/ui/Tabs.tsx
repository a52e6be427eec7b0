import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import { tabClass, tabList } from './tabs.css';

/** One tab: a key (often a route segment), its label and its content. */
export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
  disabled?: boolean;
}

/**
 * Accessible tabs (react-aria: arrow keys move between tabs). Controlled by `selected`, so
 * a route parameter can drive it (e.g. /funnels/{id}/{tab}).
 */
export function Tabs({ label, items, selected, onSelect }: { label: string; items: TabItem[]; selected: string; onSelect: (id: string) => void }) {
  return (
    <AriaTabs selectedKey={selected} onSelectionChange={(k) => onSelect(String(k))} disabledKeys={items.filter((i) => i.disabled).map((i) => i.id)}>
      <TabList aria-label={label} className={tabList}>
        {items.map((i) => (
          <Tab key={i.id} id={i.id} className={tabClass}>
            {i.label}
          </Tab>
        ))}
      </TabList>
      {items.map((i) => (
        <TabPanel key={i.id} id={i.id}>
          {i.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
