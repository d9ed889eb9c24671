/**
 * The promotions hub's shared pieces: the settings it edits (`/api/admin/settings`, only those the
 * caller may change) and the figures beside them (`/api/admin/promotions`), the save of one setting
 * (`/api/admin/settings/update`: validated, audited, in force at once), a figure tile and a
 * programme's card of generic setting editors.
 */
import type { ReactNode } from 'react';
import type {
  AdminPromotions,
  SettingEntry,
  adminPromotionsEndpoint,
  staffSettingsEndpoint,
  staffSettingUpdateEndpoint,
} from '@nebula/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { toast } from '../../../ui';
import { api, endpointRef, isApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { SettingEditor } from '../admin-settings';

const settingsRef = endpointRef<typeof staffSettingsEndpoint>('POST', '/api/admin/settings');
const updateRef = endpointRef<typeof staffSettingUpdateEndpoint>('POST', '/api/admin/settings/update');
const figuresRef = endpointRef<typeof adminPromotionsEndpoint>('POST', '/api/admin/promotions');
/** The same cache as the settings screen's, so both show a change at once. */
export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const FIGURES_KEY = ['admin', 'promotions'] as const;

export function usePromotionSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api(settingsRef, {}, { signal }).then((answer) => answer.settings),
  });
}

export function usePromotionFigures() {
  return useQuery({
    queryKey: FIGURES_KEY,
    queryFn: ({ signal }) => api(figuresRef, {}, { signal }),
    refetchInterval: 30_000,
  });
}

/** The reason of a refused save, as one line. */
export function errorText(err: unknown, fallback: string): string {
  return isApiError(err)
    ? [err.message, ...(err.fields ?? []).map((f) => f.message)].filter(Boolean).join(' ')
    : fallback;
}

/** Saves one setting; the settings cache takes the answer, the figures are read again. */
export function useSaveSetting(key: string, onError: (message: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: unknown) => api(updateRef, { key, value: value as never }),
    onSuccess: ({ setting }) => {
      toast.success(t('adminPromotions.saved', { key }));
      queryClient.setQueryData(SETTINGS_KEY, (old: SettingEntry[] | undefined) =>
        old?.map((s) => (s.key === setting.key ? setting : s)),
      );
      void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
    },
    onError: (err) => onError(errorText(err, t('adminPromotions.failed'))),
  });
}

/** One live figure. */
export function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="apr-figure" data-testid="promo-figure">
      <span className="apr-figure__label">{label}</span>
      <strong className="apr-figure__value">{value}</strong>
      {hint && <small className="apr-figure__hint">{hint}</small>}
    </div>
  );
}

/** The figures row of a programme (nothing while they load or when they failed). */
export function Figures({
  figures,
  pick,
}: {
  figures: AdminPromotions | undefined;
  pick: (f: AdminPromotions, hint: string) => { label: string; value: ReactNode; hint?: string }[];
}) {
  const { t } = useTranslation();
  if (!figures) return null;
  const hint = t('adminPromotions.lastDays', { days: figures.days });
  return (
    <div className="apr-figures">
      {pick(figures, hint).map((f) => (
        <Figure key={f.label} {...f} />
      ))}
    </div>
  );
}

export const usd = (value: string) =>
  `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The note shown where the caller may not change a programme's settings. */
export function ReadOnlyNote({ permission }: { permission: string }) {
  const { t } = useTranslation();
  return (
    <p className="apr-readonly" data-testid="promo-readonly">
      <Lock size={14} aria-hidden="true" /> {t('adminPromotions.readOnly', { permission })}
    </p>
  );
}

/** The generic editors (a form from the setting's schema, or JSON) of `keys`, those the caller holds. */
export function SettingCards({
  settings,
  keys,
  permission,
}: {
  settings: readonly SettingEntry[];
  keys: readonly string[];
  permission: string;
}) {
  const entries = keys
    .map((key) => settings.find((s) => s.key === key))
    .filter((s): s is SettingEntry => !!s);
  if (entries.length === 0) return <ReadOnlyNote permission={permission} />;
  return (
    <div className="apr-cards">
      {entries.map((entry) => (
        <SettingEditor key={`${entry.key}:${JSON.stringify(entry.value)}`} entry={entry} />
      ))}
    </div>
  );
}
