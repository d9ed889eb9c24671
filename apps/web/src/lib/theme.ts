/** Themes change the palette only, through the CSS variables of ui/styles/tokens.css. */
import { useEffect } from 'react';
import { useAppStore, type Theme } from './store';

export type { Theme } from './store';

export const THEMES: readonly Theme[] = ['main', 'grayTheme', 'blueTheme', 'greenTheme'];

/** i18n key of each theme's display name. */
export const THEME_LABEL_KEYS: Record<Theme, string> = {
  main: 'theme.main',
  grayTheme: 'theme.grayTheme',
  blueTheme: 'theme.blueTheme',
  greenTheme: 'theme.greenTheme',
};

/** Browser UI colour (address bar on phones) per theme; matches --bg-page. */
const THEME_COLORS: Record<Theme, string> = {
  main: '#0f1923',
  grayTheme: '#151618',
  blueTheme: '#0b1530',
  greenTheme: '#0b1a14',
};

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  const safe = isTheme(theme) ? theme : 'main';
  document.documentElement.dataset.theme = safe;
  document.documentElement.style.colorScheme = 'dark';
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = THEME_COLORS[safe];
}

/** Applies the store's theme to <html data-theme> and keeps it in sync. Call once in the app root. */
export function useThemeSync(): void {
  const theme = useAppStore((state) => state.theme);
  useEffect(() => applyTheme(theme), [theme]);
}
