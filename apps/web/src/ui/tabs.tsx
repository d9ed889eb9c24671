import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import './tabs.css';

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  /** Small count or marker after the label. */
  badge?: ReactNode;
}

export interface TabsProps<T extends string = string> {
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** 'pill' is a segmented control (wallet, feeds); 'underline' is page navigation. */
  variant?: 'pill' | 'underline';
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  'aria-label'?: string;
  /** Links each tab to `<TabPanel idBase=... id=...>`; defaults to a generated id. */
  idBase?: string;
  className?: string;
}

export function tabIds(idBase: string, id: string) {
  return { tab: `${idBase}-tab-${id}`, panel: `${idBase}-panel-${id}` };
}

/** An ARIA tablist: arrows/Home/End move focus and select (automatic activation). */
export function Tabs<T extends string = string>({
  tabs,
  value,
  onChange,
  variant = 'pill',
  size = 'md',
  fullWidth = false,
  idBase,
  className,
  ...rest
}: TabsProps<T>) {
  const generated = useId();
  const base = idBase ?? generated;
  const listRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const index = enabled.findIndex((tab) => tab.id === value);
    let next: TabItem<T> | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    listRef.current?.ownerDocument.getElementById(tabIds(base, next.id).tab)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={rest['aria-label']}
      className={clsx(
        'ui-tabs',
        `ui-tabs--${variant}`,
        `ui-tabs--${size}`,
        fullWidth && 'ui-tabs--full',
        className,
      )}
      onKeyDown={handleKeyDown}
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        const ids = tabIds(base, tab.id);
        return (
          <button
            key={tab.id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            disabled={tab.disabled}
            className={clsx('ui-tabs__tab', selected && 'is-selected')}
            onClick={() => onChange(tab.id)}
          >
            {tab.icon && <span className="ui-tabs__icon">{tab.icon}</span>}
            <span className="ui-tabs__label">{tab.label}</span>
            {tab.badge != null && <span className="ui-tabs__badge">{tab.badge}</span>}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  idBase: string;
  id: string;
  className?: string;
  children?: ReactNode;
}

export function TabPanel({ idBase, id, className, children }: TabPanelProps) {
  const ids = tabIds(idBase, id);
  return (
    <div
      role="tabpanel"
      id={ids.panel}
      aria-labelledby={ids.tab}
      tabIndex={0}
      className={clsx('ui-tabpanel', className)}
    >
      {children}
    </div>
  );
}
