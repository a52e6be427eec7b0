import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TabItem } from './Tabs';
import { tabClass, tabList } from './tabs.css';

/**
 * {@link Tabs} without react-aria, for a list's filter tabs on its first visit (bundle budget:
 * a list loads no dialog library until a dialog opens). Same props, look and roles: a tablist of
 * tabs (`aria-selected`, roving tabindex: only the selected tab is in the Tab order), Arrow
 * Left/Right (wrapping), Home and End move to a tab and select it, disabled tabs are skipped;
 * the selected tab's panel follows. The `data-selected` / `data-focus-visible` / `data-disabled`
 * attributes are the ones tabs.css styles.
 */
export function LightTabs({ label, items, selected, onSelect }: { label: string; items: TabItem[]; selected: string; onSelect: (id: string) => void }) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLDivElement>());
  // Keyboard focus only, as react-aria's tabs show it (the browser's :focus-visible decides).
  const [focusVisible, setFocusVisible] = useState<string | null>(null);
  const enabled = items.filter((i) => !i.disabled);
  const current = items.find((i) => i.id === selected);
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;
  const go = (id: string) => {
    onSelect(id);
    refs.current.get(id)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = enabled.findIndex((i) => i.id === selected);
    const target =
      e.key === 'ArrowRight'
        ? enabled[(at + 1) % enabled.length]
        : e.key === 'ArrowLeft'
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : e.key === 'Home'
            ? enabled[0]
            : e.key === 'End'
              ? enabled.at(-1)
              : undefined;
    if (!target) return;
    e.preventDefault();
    go(target.id);
  };
  return (
    <>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={tabList}>
        {items.map((i) => {
          const isSelected = i.id === selected;
          return (
            <div
              key={i.id}
              ref={(el) => {
                if (el) refs.current.set(i.id, el);
                else refs.current.delete(i.id);
              }}
              role="tab"
              id={tabId(i.id)}
              aria-selected={isSelected}
              aria-disabled={i.disabled || undefined}
              aria-controls={isSelected ? panelId(i.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={tabClass}
              data-selected={isSelected || undefined}
              data-disabled={i.disabled || undefined}
              data-focus-visible={focusVisible === i.id || undefined}
              onFocus={(e) => setFocusVisible(e.currentTarget.matches(':focus-visible') ? i.id : null)}
              onBlur={() => setFocusVisible(null)}
              onKeyDown={onKeyDown}
              onClick={() => {
                if (!i.disabled && !isSelected) onSelect(i.id);
              }}
            >
              {i.label}
            </div>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} tabIndex={0}>
          {current.content}
        </div>
      )}
    </>
  );
}
