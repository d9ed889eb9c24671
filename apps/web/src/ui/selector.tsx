/**
 * Searchable selector (spec 1 sections 3, 5, 9): entries {id, name, icon?, style?}. A search box
 * appears only with more than 3 entries; search is a case-insensitive substring match on names.
 * Used for currency, language and similar pickers. `inline` renders the list without a trigger.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ChevronDown, Search } from 'lucide-react';
import clsx from 'clsx';
import { DROPDOWN_MAX_HEIGHT } from './dropdown';
import { useOutsideClose } from './use-outside-close';
import './selector.css';
import { useTranslation } from '../lib/i18n';

/** The search box shows only when there are more entries than this. */
export const SELECTOR_SEARCH_THRESHOLD = 3;

export interface SelectorEntry<T extends string = string> {
  id: T;
  name: string;
  /** An image URL, or any node (e.g. a lucide icon). */
  icon?: string | ReactNode;
  /** Accent colour of the entry (e.g. the currency colour). */
  style?: string;
  /** Extra content at the right of the row (e.g. a balance). */
  meta?: ReactNode;
  disabled?: boolean;
}

export function shouldShowSearch(count: number): boolean {
  return count > SELECTOR_SEARCH_THRESHOLD;
}

/** Case-insensitive substring match on names; an empty query keeps everything. */
export function filterEntries<E extends { name: string }>(entries: readonly E[], query: string): E[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) => entry.name.toLocaleLowerCase().includes(needle));
}

export interface SelectorProps<T extends string = string> {
  entries: readonly SelectorEntry<T>[];
  value?: T;
  onChange: (id: T) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  'aria-label'?: string;
  /** Always-open list without a trigger (inside a modal or a panel). */
  inline?: boolean;
  /** Replaces the trigger's content. */
  renderTrigger?: (selected: SelectorEntry<T> | undefined, open: boolean) => ReactNode;
  align?: 'start' | 'end';
  disabled?: boolean;
  fullWidth?: boolean;
  className?: string;
  /** Content under the list (e.g. a view switch); Tab moves into it instead of closing the panel. */
  footer?: ReactNode;
}

export function EntryIcon({ icon, style }: { icon?: string | ReactNode; style?: string }) {
  if (icon == null || icon === '') return null;
  return (
    <span
      className="ui-selector__icon"
      style={style ? ({ '--entry-color': style } as CSSProperties) : undefined}
    >
      {typeof icon === 'string' ? (
        <img src={icon} alt="" width={20} height={20} loading="lazy" decoding="async" />
      ) : (
        icon
      )}
    </span>
  );
}

export function Selector<T extends string = string>({
  entries,
  value,
  onChange,
  placeholder,
  searchPlaceholder,
  inline = false,
  renderTrigger,
  align = 'start',
  disabled,
  fullWidth,
  className,
  footer,
  ...rest
}: SelectorProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(inline);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(() =>
    Math.max(
      0,
      entries.findIndex((entry) => entry.id === value),
    ),
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  const withSearch = shouldShowSearch(entries.length);
  const visible = useMemo(
    () => (withSearch ? filterEntries(entries, query) : [...entries]),
    [entries, query, withSearch],
  );
  const selected = entries.find((entry) => entry.id === value);
  const isOpen = inline || open;

  const close = useCallback(() => {
    if (inline) return;
    setOpen(false);
    setQuery('');
  }, [inline]);
  useOutsideClose(rootRef, open && !inline, close);

  // The active row starts on the selected entry when opening and when the filter changes.
  function activeFor(list: readonly SelectorEntry<T>[]): number {
    const index = list.findIndex((entry) => entry.id === value);
    return index >= 0 ? index : 0;
  }

  function openPanel() {
    setActiveIndex(activeFor(entries));
    setOpen(true);
  }

  function handleQueryChange(next: string) {
    setQuery(next);
    setActiveIndex(activeFor(filterEntries(entries, next)));
  }

  useEffect(() => {
    if (!open || inline) return;
    if (withSearch) searchRef.current?.focus({ preventScroll: true });
    else listRef.current?.focus({ preventScroll: true });
  }, [open, inline, withSearch]);

  useEffect(() => {
    if (!isOpen) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  function select(entry: SelectorEntry<T>) {
    if (entry.disabled) return;
    onChange(entry.id);
    if (!inline) {
      close();
      triggerRef.current?.focus();
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const count = visible.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (count) setActiveIndex((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) setActiveIndex((index) => (index - 1 + count) % count);
    } else if (event.key === 'Enter') {
      const entry = visible[activeIndex];
      if (entry) {
        event.preventDefault();
        select(entry);
      }
    } else if (event.key === 'Escape' && !inline) {
      event.preventDefault();
      event.stopPropagation();
      close();
      triggerRef.current?.focus();
    } else if (event.key === 'Tab' && !inline && footer == null) {
      close();
    }
  }

  const activeId = visible[activeIndex] ? `${listId}-${activeIndex}` : undefined;

  const panel = (
    <div
      className={clsx(
        'ui-selector__panel',
        !inline && `ui-selector__panel--popover ui-selector__panel--${align}`,
      )}
    >
      {withSearch && (
        <div className="ui-selector__search">
          <Search size={16} aria-hidden="true" />
          <input
            ref={searchRef}
            type="search"
            value={query}
            placeholder={searchPlaceholder ?? t('selector.search')}
            aria-label={searchPlaceholder ?? t('selector.search')}
            aria-controls={listId}
            aria-activedescendant={activeId}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => handleQueryChange(event.target.value)}
            onKeyDown={handleKeyDown}
          />
        </div>
      )}
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        tabIndex={withSearch ? -1 : 0}
        aria-label={rest['aria-label']}
        aria-activedescendant={withSearch ? undefined : activeId}
        className="ui-selector__list scroll-area"
        style={{ maxHeight: DROPDOWN_MAX_HEIGHT }}
        onKeyDown={withSearch ? undefined : handleKeyDown}
      >
        {visible.map((entry, index) => (
          <li
            key={entry.id}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={entry.id === value}
            aria-disabled={entry.disabled || undefined}
            className={clsx(
              'ui-selector__option',
              index === activeIndex && 'is-active',
              entry.id === value && 'is-selected',
            )}
            onMouseEnter={() => setActiveIndex(index)}
            onClick={() => select(entry)}
          >
            <EntryIcon icon={entry.icon} style={entry.style} />
            <span className="ui-selector__name" style={entry.style ? { color: undefined } : undefined}>
              {entry.name}
            </span>
            {entry.meta != null && <span className="ui-selector__meta">{entry.meta}</span>}
          </li>
        ))}
        {visible.length === 0 && (
          <li className="ui-selector__empty" role="presentation">
            {t('selector.noResults')}
          </li>
        )}
      </ul>
      {footer != null && <div className="ui-selector__footer">{footer}</div>}
    </div>
  );

  if (inline) {
    return <div className={clsx('ui-selector', 'ui-selector--inline', className)}>{panel}</div>;
  }

  return (
    <div
      ref={rootRef}
      className={clsx('ui-selector', fullWidth && 'ui-selector--full', open && 'is-open', className)}
    >
      <button
        ref={triggerRef}
        type="button"
        className={clsx(!renderTrigger && 'ui-selector__trigger')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={rest['aria-label']}
        disabled={disabled}
        onClick={() => (open ? close() : openPanel())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openPanel();
          }
        }}
      >
        {renderTrigger ? (
          renderTrigger(selected, open)
        ) : (
          <>
            {selected && <EntryIcon icon={selected.icon} style={selected.style} />}
            <span className="ui-selector__name">
              {selected?.name ?? placeholder ?? t('selector.placeholder')}
            </span>
            <ChevronDown className="ui-selector__chevron" size={16} aria-hidden="true" />
          </>
        )}
      </button>
      {open && panel}
    </div>
  );
}
