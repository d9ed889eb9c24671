/**
 * Dropdown (spec 1 sections 3, 4, 9): entries {entryId, title}; the trigger toggles it on click,
 * a click or touch outside closes it, content scrolls at 300 px. Keyboard: arrows, Home/End,
 * Enter/Space select, Escape closes and returns focus to the trigger.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { useOutsideClose } from './use-outside-close';
import './dropdown.css';

/** Content scroll height of the open dropdown (spec 1 section 9). */
export const DROPDOWN_MAX_HEIGHT = 300;

export interface DropdownEntry<T extends string = string> {
  entryId: T;
  title: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface DropdownProps<T extends string = string> {
  entries: readonly DropdownEntry<T>[];
  /** Selected entry (shows a check and is the trigger's label unless `label` is given). */
  value?: T;
  onSelect: (entryId: T) => void;
  /** Trigger content; defaults to the selected entry's title or `placeholder`. */
  label?: ReactNode;
  placeholder?: ReactNode;
  /** Replaces the whole trigger look (still a button with the right ARIA). */
  renderTrigger?: (state: { open: boolean; selected: DropdownEntry<T> | undefined }) => ReactNode;
  align?: 'start' | 'end';
  /** Opens upwards (e.g. in the sidebar footer). */
  placement?: 'bottom' | 'top';
  'aria-label'?: string;
  disabled?: boolean;
  fullWidth?: boolean;
  className?: string;
  menuClassName?: string;
}

export function Dropdown<T extends string = string>({
  entries,
  value,
  onSelect,
  label,
  placeholder,
  renderTrigger,
  align = 'start',
  placement = 'bottom',
  disabled,
  fullWidth,
  className,
  menuClassName,
  ...rest
}: DropdownProps<T>) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const selected = entries.find((entry) => entry.entryId === value);

  const close = useCallback(() => setOpen(false), []);
  useOutsideClose(rootRef, open, close);

  const openMenu = useCallback(() => {
    const index = entries.findIndex((entry) => entry.entryId === value);
    setActiveIndex(index >= 0 ? index : entries.findIndex((entry) => !entry.disabled));
    setOpen(true);
  }, [entries, value]);

  useEffect(() => {
    if (open) listRef.current?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  function select(entry: DropdownEntry<T>) {
    if (entry.disabled) return;
    onSelect(entry.entryId);
    setOpen(false);
    triggerRef.current?.focus();
  }

  function move(from: number, step: 1 | -1): number {
    if (entries.length === 0) return -1;
    let index = from;
    for (let i = 0; i < entries.length; i++) {
      index = (index + step + entries.length) % entries.length;
      if (!entries[index]?.disabled) return index;
    }
    return from;
  }

  function handleListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((index) => move(index, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => move(index, -1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(move(-1, 1));
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(move(entries.length, -1));
        break;
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const entry = entries[activeIndex];
        if (entry) select(entry);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        triggerRef.current?.focus();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  function handleTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu();
    }
  }

  return (
    <div
      ref={rootRef}
      className={clsx('ui-dropdown', fullWidth && 'ui-dropdown--full', open && 'is-open', className)}
    >
      <button
        ref={triggerRef}
        type="button"
        className={clsx(!renderTrigger && 'ui-dropdown__trigger')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={rest['aria-label']}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={handleTriggerKeyDown}
      >
        {renderTrigger ? (
          renderTrigger({ open, selected })
        ) : (
          <>
            {selected?.icon && <span className="ui-dropdown__icon">{selected.icon}</span>}
            <span className="ui-dropdown__label">{label ?? selected?.title ?? placeholder}</span>
            <ChevronDown className="ui-dropdown__chevron" size={16} aria-hidden="true" />
          </>
        )}
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={rest['aria-label']}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          className={clsx(
            'ui-dropdown__menu',
            'scroll-area',
            `ui-dropdown__menu--${align}`,
            `ui-dropdown__menu--${placement}`,
            menuClassName,
          )}
          style={{ maxHeight: DROPDOWN_MAX_HEIGHT }}
          onKeyDown={handleListKeyDown}
        >
          {entries.map((entry, index) => {
            const isSelected = entry.entryId === value;
            return (
              <li
                key={entry.entryId}
                id={`${listId}-${index}`}
                data-index={index}
                role="option"
                aria-selected={isSelected}
                aria-disabled={entry.disabled || undefined}
                className={clsx(
                  'ui-dropdown__option',
                  index === activeIndex && 'is-active',
                  isSelected && 'is-selected',
                )}
                onMouseEnter={() => !entry.disabled && setActiveIndex(index)}
                onClick={() => select(entry)}
              >
                {entry.icon && <span className="ui-dropdown__icon">{entry.icon}</span>}
                <span className="ui-dropdown__option-label">{entry.title}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
