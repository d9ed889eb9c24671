import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { License } from '@nebula/contracts';
import '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import { FuturesRow } from './lobby-rows';

const license = (plugins: string[]): License => ({
  isValid: true,
  enabledFeatures: [],
  plugins,
  pluginSettings: {},
  siteName: 'Nebula',
  demo: false,
});

afterEach(() => {
  cleanup();
  act(() => useAppStore.setState({ license: null }));
});

describe('FuturesRow', () => {
  it('is not there without the trading plugin', () => {
    act(() => useAppStore.setState({ license: license(['race', 'poker']) }));
    render(
      <MemoryRouter>
        <FuturesRow />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('row-futures')).toBeNull();
  });

  it('leads to the trading pages with the plugin, without inventing prices', () => {
    act(() => useAppStore.setState({ license: license(['trading']) }));
    render(
      <MemoryRouter>
        <FuturesRow />
      </MemoryRouter>,
    );
    const row = screen.getByTestId('row-futures');
    expect(screen.getByTestId('futures-tile').getAttribute('href')).toBe('/trading/all');
    expect(row.textContent).not.toMatch(/\$|\d+\.\d+/);
  });
});
