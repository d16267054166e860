/**
 * Tabs after the WAI-ARIA tabs pattern: a tablist of real buttons (role="tab"), one
 * tabpanel shown at a time; Left/Right arrows, Home and End move between tabs and select
 * them, and only the selected tab is in the Tab order.
 */
import clsx from 'clsx';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One tab: its name (the accessible name), an optional count shown beside it, its panel. */
export interface TabItem {
  id: string;
  label: string;
  /** Shown as a small pill; hidden from assistive technology (the panel says how many). */
  count?: number | undefined;
  panel: ReactNode;
}

interface TabsProps {
  /** Accessible name of the tablist. */
  label: string;
  tabs: TabItem[];
  /** The tab selected at first; the first tab when absent. */
  defaultTabId?: string;
  className?: string;
}

/** A tab set; every panel is rendered, the ones not selected are hidden. */
export function Tabs({ label, tabs, defaultTabId, className }: TabsProps) {
  const baseId = useId();
  const [selectedId, setSelectedId] = useState(defaultTabId ?? tabs[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const selected = tabs.find((tab) => tab.id === selectedId) ?? tabs[0];

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelectedId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selected?.id);
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={className}>
      {/* The WAI-ARIA tabs pattern: the tabs take focus (roving tabindex), their list takes the arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200 px-3"
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selected?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelectedId(tab.id)}
              className={clsx(
                '-mb-px flex min-h-12 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                isSelected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
              )}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    isSelected ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-600',
                  )}
                >
                  {tab.count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected?.id}
          // The WAI-ARIA tabs pattern: a panel takes focus, so Tab from the tab lands in it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="focus-visible:-outline-offset-2"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
