/**
 * Back office, games screen: the third-party providers (issue G8 item 4, "catalogue, providers and
 * territory restrictions"; read with `game_stats`, changed with `settings`). One row per provider: its
 * listed games, its switch (off: none of its games is listed or launched) and its restricted
 * territories, edited as ISO country codes and saved on their own (audited as `games.provider`; the
 * lobby shows it at once). Search by name, id or country; CSV of what is shown.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { AdminProvider, adminProviderUpdateEndpoint, adminProvidersEndpoint } from '@nebula/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { addTranslations, type Translation, useTranslation } from '../../lib/i18n';
import { AdminLoading } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';

const providersRef = endpointRef<typeof adminProvidersEndpoint>('POST', '/api/admin/games/providers');
const updateRef = endpointRef<typeof adminProviderUpdateEndpoint>(
  'POST',
  '/api/admin/games/providers/update',
);
/** Under `['admin', 'games']`: a `games.*` change (live, admin-live.ts) refreshes it. */
const KEY = ['admin', 'games', 'providers'] as const;

const en = {
  adminProviders: {
    title: 'Providers',
    intro:
      'Third-party providers: switch one off to hide all its games from the lobby, or list the countries (ISO codes) where its games are blocked. Changes show in the lobby at once.',
    search: 'Search providers or countries',
    columns: {
      provider: 'Provider',
      games: 'Games',
      status: 'Status',
      territories: 'Restricted territories',
    },
    territoriesLabel: 'Restricted territories of {{name}} (ISO codes, comma separated)',
    territoriesHint: 'Two-letter ISO codes separated by commas, e.g. US, FR',
    none: 'None',
    save: 'Save',
    saved: '{{name}} updated',
    on: 'On',
    off: 'Off',
    switchOn: 'Switch {{name}} on',
    switchOff: 'Switch {{name}} off',
    empty: 'No providers in the catalogue.',
    noMatch: 'No provider matches.',
    loadFailed: 'The providers could not be loaded.',
  },
};
const de: Translation<typeof en> = {
  adminProviders: {
    title: 'Anbieter',
    intro:
      'Drittanbieter: einen abschalten, um alle seine Spiele aus der Lobby zu nehmen, oder die Länder (ISO-Codes) angeben, in denen seine Spiele gesperrt sind. Änderungen sind sofort in der Lobby sichtbar.',
    search: 'Anbieter oder Länder suchen',
    columns: { provider: 'Anbieter', games: 'Spiele', status: 'Status', territories: 'Gesperrte Länder' },
    territoriesLabel: 'Gesperrte Länder von {{name}} (ISO-Codes, durch Kommas getrennt)',
    territoriesHint: 'Zweistellige ISO-Codes durch Kommas getrennt, z. B. US, FR',
    none: 'Keine',
    save: 'Speichern',
    saved: '{{name}} gespeichert',
    on: 'An',
    off: 'Aus',
    switchOn: '{{name}} einschalten',
    switchOff: '{{name}} ausschalten',
    empty: 'Keine Anbieter im Katalog.',
    noMatch: 'Kein Anbieter passt.',
    loadFailed: 'Die Anbieter konnten nicht geladen werden.',
  },
};
addTranslations('en', en);
addTranslations('de', de);

/** "us, fr;de  gb" -> ['DE', 'FR', 'GB', 'US']; null when an entry is not two letters. */
export function parseTerritories(text: string): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);
  if (parts.some((p) => !/^[A-Z]{2}$/.test(p))) return null;
  return [...new Set(parts)].sort();
}

function useSaveProvider(provider: AdminProvider) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { enabled?: boolean; restricted?: string[] }) =>
      api(updateRef, { provider: provider.id, ...change }),
    onSuccess: (answer) => {
      queryClient.setQueryData<{ providers: AdminProvider[] }>(KEY, (old) =>
        old ? { providers: old.providers.map((p) => (p.id === provider.id ? answer.provider : p)) } : old,
      );
      toast.success(t('adminProviders.saved', { name: provider.name }));
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('errors.generic')),
  });
}

function ProviderSwitch({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  const save = useSaveProvider(provider);
  const on = save.isPending ? !provider.enabled : provider.enabled;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t(on ? 'adminProviders.switchOff' : 'adminProviders.switchOn', { name: provider.name })}
      className={clsx('ag-switch', on && 'is-on')}
      disabled={save.isPending}
      onClick={() => save.mutate({ enabled: !provider.enabled })}
      data-testid="provider-switch"
    >
      <span className="ag-switch__track" aria-hidden="true">
        <span className="ag-switch__thumb" />
      </span>
      <span className="ag-switch__label">{t(on ? 'adminProviders.on' : 'adminProviders.off')}</span>
    </button>
  );
}

function TerritoriesEditor({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  const save = useSaveProvider(provider);
  const [text, setText] = useState(provider.restricted.join(', '));
  const codes = parseTerritories(text);
  const changed = codes !== null && codes.join(',') !== provider.restricted.join(',');
  return (
    <form
      className="ag-edge agp-territories"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && codes) save.mutate({ restricted: codes });
      }}
    >
      <span className={clsx('ag-edge__field agp-territories__field', codes === null && 'is-invalid')}>
        <input
          value={text}
          placeholder={t('adminProviders.none')}
          aria-label={t('adminProviders.territoriesLabel', { name: provider.name })}
          aria-invalid={codes === null}
          title={t('adminProviders.territoriesHint')}
          maxLength={1200}
          onChange={(event) => setText(event.target.value)}
          data-testid="provider-territories"
        />
      </span>
      <Button type="submit" size="sm" variant="secondary" disabled={!changed} loading={save.isPending}>
        {t('adminProviders.save')}
      </Button>
    </form>
  );
}

export function AdminGameProviders() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api(providersRef, {}, { signal }),
  });
  const shown = useMemo(
    () =>
      (query.data?.providers ?? []).filter(
        (p) =>
          !term ||
          p.name.toLowerCase().includes(term) ||
          p.id.includes(term) ||
          p.restricted.some((c) => c.toLowerCase() === term),
      ),
    [query.data, term],
  );
  const exportCsv = () => {
    const c = (key: string) => t(`adminProviders.columns.${key}`);
    downloadCsv(
      'providers',
      toCsv(
        ['id', c('provider'), c('games'), c('status'), c('territories')],
        shown.map((p) => [p.id, p.name, p.games, p.enabled ? 'on' : 'off', p.restricted.join(' ')]),
      ),
    );
  };

  return (
    <section className="agp" aria-labelledby="agp-title" data-testid="admin-providers">
      <h2 id="agp-title" className="agp__title">
        {t('adminProviders.title')}
      </h2>
      <p className="al-intro">{t('adminProviders.intro')}</p>
      {query.isPending ? (
        <AdminLoading rows={4} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminProviders.loadFailed')} />
      ) : (
        <>
          <AdminToolbar
            search={{
              value: search,
              onChange: setSearch,
              placeholder: t('adminProviders.search'),
              maxLength: 64,
              testId: 'providers-search',
            }}
            refresh={query}
            csv={{ onExport: exportCsv, count: shown.length, testId: 'providers-export' }}
          />
          {shown.length === 0 ? (
            <EmptyState
              icon={<Building2 size={28} />}
              title={t(query.data.providers.length ? 'adminProviders.noMatch' : 'adminProviders.empty')}
            />
          ) : (
            <div className="pg-table-wrap">
              <table className="pg-table ag-table agp-table">
                <thead>
                  <tr>
                    <th>{t('adminProviders.columns.provider')}</th>
                    <th className="ag-num">{t('adminProviders.columns.games')}</th>
                    <th>{t('adminProviders.columns.status')}</th>
                    <th>{t('adminProviders.columns.territories')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((p) => (
                    <tr
                      key={p.id}
                      data-testid="admin-provider"
                      data-provider={p.id}
                      className={clsx(!p.enabled && 'is-off')}
                    >
                      <td>
                        <span className="ag-game">
                          <strong>{p.name}</strong>
                          <small className="agp__id">{p.id}</small>
                        </span>
                      </td>
                      <td className="ag-num">
                        {p.games.toLocaleString('en-US')}
                        <small className="agp-unit">{t('adminProviders.columns.games')}</small>
                      </td>
                      <td>
                        <ProviderSwitch provider={p} />
                      </td>
                      <td className="agp-territories-cell">
                        <TerritoriesEditor key={`${p.id}:${p.restricted.join(',')}`} provider={p} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
