import { Globe } from 'lucide-react';
import { Dropdown } from '../../ui';
import { SUPPORTED_LOCALES, useTranslation } from '../../lib/i18n';
import { useAppStore } from '../../lib/store';
import { THEMES, THEME_LABEL_KEYS } from '../../lib/theme';

/** Four swatches; each swatch carries its own data-theme so it shows that theme's colours. */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = useAppStore((state) => state.theme);
  const setTheme = useAppStore((state) => state.setTheme);
  return (
    <div className="theme-picker" role="radiogroup" aria-label={t('theme.select')}>
      {THEMES.map((id) => (
        <button
          key={id}
          type="button"
          role="radio"
          aria-checked={theme === id}
          aria-label={t(THEME_LABEL_KEYS[id])}
          title={t(THEME_LABEL_KEYS[id])}
          data-theme={id}
          data-testid={`theme-${id}`}
          className={`theme-picker__swatch${theme === id ? ' is-active' : ''}`}
          onClick={() => setTheme(id)}
        >
          <span className="theme-picker__accent" />
        </button>
      ))}
    </div>
  );
}

export function LanguagePicker({ placement = 'top' }: { placement?: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.locale);
  const setLocale = useAppStore((state) => state.setLocale);
  return (
    <Dropdown
      aria-label={t('language.select')}
      placement={placement}
      value={locale}
      onSelect={setLocale}
      className="language-picker"
      entries={SUPPORTED_LOCALES.map((entry) => ({
        entryId: entry.id,
        title: entry.name,
        icon: <span aria-hidden="true">{entry.flag}</span>,
      }))}
      renderTrigger={({ selected }) => (
        <span className="language-picker__trigger" data-testid="language-picker">
          <Globe size={16} aria-hidden="true" />
          <span>{selected?.title ?? locale}</span>
        </span>
      )}
    />
  );
}
