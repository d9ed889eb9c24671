import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { Selector, filterEntries, shouldShowSearch, type SelectorEntry } from './selector';

const currencies: SelectorEntry[] = [
  { id: 'btc', name: 'Bitcoin', style: '#f7931a' },
  { id: 'eth', name: 'Ethereum' },
  { id: 'usdt', name: 'Tether USD' },
  { id: 'sol', name: 'Solana' },
];

afterEach(cleanup);

describe('filterEntries / shouldShowSearch', () => {
  it('shows search only for more than 3 entries', () => {
    expect(shouldShowSearch(3)).toBe(false);
    expect(shouldShowSearch(4)).toBe(true);
  });

  it('matches a case-insensitive substring of the name', () => {
    expect(filterEntries(currencies, 'ETH').map((e) => e.id)).toEqual(['eth', 'usdt']); // Tether holds 'eth' too
    expect(filterEntries(currencies, 'EREUM').map((e) => e.id)).toEqual(['eth']);
    expect(filterEntries(currencies, 'an').map((e) => e.id)).toEqual(['sol']);
    expect(filterEntries(currencies, 'usd').map((e) => e.id)).toEqual(['usdt']);
    expect(filterEntries(currencies, '  ').map((e) => e.id)).toHaveLength(4);
    expect(filterEntries(currencies, 'xyz')).toEqual([]);
  });
});

describe('Selector', () => {
  it('has no search box with 3 entries', () => {
    render(
      <Selector entries={currencies.slice(0, 3)} value="btc" onChange={() => {}} aria-label="Currency" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Currency' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('has a search box with 4 entries that filters and selects', () => {
    const onChange = vi.fn();
    render(<Selector entries={currencies} value="btc" onChange={onChange} aria-label="Currency" />);
    fireEvent.click(screen.getByRole('button', { name: 'Currency' }));
    const search = screen.getByRole('searchbox');
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'SOL' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Solana']);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('sol');
    expect(screen.queryByRole('listbox')).toBeNull(); // closes after a choice
  });

  it('shows an empty message when nothing matches', () => {
    render(<Selector entries={currencies} inline onChange={() => {}} aria-label="Currency" />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing found')).toBeTruthy();
  });

  it('closes on a click outside', () => {
    render(
      <div>
        <span>outside</span>
        <Selector entries={currencies} onChange={() => {}} aria-label="Currency" />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Currency' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
  it('shows a footer under the list; Tab moves into it instead of closing, a click in it keeps the list open', () => {
    const onChange = vi.fn();
    render(
      <Selector
        entries={currencies}
        value="btc"
        onChange={onChange}
        aria-label="Currency"
        footer={<button type="button">View switch</button>}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Currency' }));
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Tab' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'View switch' }));
    fireEvent.click(screen.getByRole('button', { name: 'View switch' }));
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
