import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dropdown } from './dropdown';

const entries = [
  { entryId: 'decimal', title: 'Decimal' },
  { entryId: 'fractional', title: 'Fractional' },
  { entryId: 'american', title: 'American' },
];

afterEach(cleanup);

describe('Dropdown', () => {
  it('opens and closes on click, with a 300 px scroll height', () => {
    render(<Dropdown entries={entries} value="decimal" onSelect={() => {}} aria-label="Odds" />);
    const trigger = screen.getByRole('button', { name: 'Odds' });
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox').style.maxHeight).toBe('300px');
    fireEvent.click(trigger);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on click or touch outside', () => {
    render(
      <div>
        <p>outside</p>
        <Dropdown entries={entries} onSelect={() => {}} aria-label="Odds" />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Odds' }));
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Odds' }));
    fireEvent.touchStart(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('selects with the mouse and with the keyboard', () => {
    const onSelect = vi.fn();
    render(<Dropdown entries={entries} value="decimal" onSelect={onSelect} aria-label="Odds" />);
    fireEvent.click(screen.getByRole('button', { name: 'Odds' }));
    fireEvent.click(screen.getByRole('option', { name: 'American' }));
    expect(onSelect).toHaveBeenLastCalledWith('american');

    fireEvent.click(screen.getByRole('button', { name: 'Odds' }));
    const list = screen.getByRole('listbox');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith('fractional');
  });
});
