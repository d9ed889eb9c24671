/**
 * Back office: the in-house games (issue G8 item 4; read with `game_stats`, changed with `settings`).
 * Totals over the settled real bets, then one row per game: its switch, its house edge (percent,
 * saved on its own and audited), the RTP configured (100% - edge) beside the one measured, bets,
 * wagered and GGR. Filter by kind or name; CSV of what is shown. The limits every game shares link to
 * their settings.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { AdminGame, adminGameUpdateEndpoint, adminGamesEndpoint } from '@nebula/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertTriangle, Gamepad2, RotateCcw } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState, Tabs, toast } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminLoading } from './admin-pages';
import { AdminGameProviders } from './admin-games-providers';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import './admin-logs.css';
import './admin-games.css';
import './admin-games-texts';

const gamesRef = endpointRef<typeof adminGamesEndpoint>('POST', '/api/admin/games');
const updateRef = endpointRef<typeof adminGameUpdateEndpoint>('POST', '/api/admin/games/update');
const KEY = ['admin', 'games'] as const;

type Kind = 'all' | AdminGame['kind'];

/** Basis points as a percent text: 100 -> "1", 250 -> "2.5", 125 -> "1.25". */
export const bpsToPercent = (bps: number): string =>
  `${Math.trunc(bps / 100)}${
    bps % 100
      ? `.${String(bps % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
      : ''
  }`;

/** A percent text (up to two decimals) as basis points; null when it is not one. */
export function percentToBps(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** "12345.6" -> "12,345.60" (the server's 2-decimal strings, shown with grouping). */
function usd(text: string): string {
  const [whole = '0', frac = '00'] = text.replace('-', '').split('.');
  return `${text.startsWith('-') ? '−' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Cents of a 2-decimal string (bigint, so totals never drift). */
const cents = (text: string): bigint => {
  const negative = text.startsWith('-');
  const [whole = '0', frac = '00'] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};
const fromCents = (c: bigint): string => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

function EdgeEditor({ game, max }: { game: AdminGame; max: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState(bpsToPercent(game.houseEdgeBps));
  // Another staff member's change (live, decision 0046) replaces the field unless it holds an edit.
  const [seen, setSeen] = useState(game.houseEdgeBps);
  if (seen !== game.houseEdgeBps) {
    setSeen(game.houseEdgeBps);
    if (percentToBps(text) === seen) setText(bpsToPercent(game.houseEdgeBps));
  }
  const bps = percentToBps(text);
  const valid = bps !== null && bps <= max;
  const changed = valid && bps !== game.houseEdgeBps;
  const save = useMutation({
    mutationFn: (houseEdgeBps: number | null) => api(updateRef, { game: game.id, houseEdgeBps }),
    onSuccess: (answer) => {
      setText(bpsToPercent(answer.game.houseEdgeBps));
      toast.success(t('adminGames.saved', { name: game.name }));
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('errors.generic')),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <form
      className="ag-edge"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) save.mutate(bps);
      }}
    >
      <span className={clsx('ag-edge__field', !valid && 'is-invalid')}>
        <input
          inputMode="decimal"
          value={text}
          aria-label={t('adminGames.edgeLabel', { name: game.name })}
          aria-invalid={!valid}
          title={valid ? undefined : t('adminGames.edgeRange', { max: bpsToPercent(max) })}
          onChange={(event) => setText(event.target.value)}
          data-testid="game-edge-input"
        />
        <span aria-hidden="true">%</span>
      </span>
      <Button type="submit" size="sm" variant="secondary" disabled={!changed} loading={save.isPending}>
        {t('adminGames.save')}
      </Button>
      {game.houseEdgeBps !== game.defaultHouseEdgeBps && (
        <button
          type="button"
          className="ag-edge__reset"
          title={t('adminGames.defaultEdge', { edge: bpsToPercent(game.defaultHouseEdgeBps) })}
          aria-label={t('adminGames.defaultEdge', { edge: bpsToPercent(game.defaultHouseEdgeBps) })}
          onClick={() => save.mutate(null)}
        >
          <RotateCcw size={13} aria-hidden="true" />
        </button>
      )}
    </form>
  );
}

function Switch({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api(updateRef, { game: game.id, enabled }),
    onSuccess: (answer) => {
      queryClient.setQueryData<{ games: AdminGame[] }>(KEY, (old) =>
        old ? { ...old, games: old.games.map((g) => (g.id === game.id ? answer.game : g)) } : old,
      );
      toast.success(t('adminGames.saved', { name: game.name }));
    },
    onError: (err) => toast.error(isApiError(err) ? err.message : t('errors.generic')),
  });
  const on = toggle.isPending ? !game.enabled : game.enabled;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t(on ? 'adminGames.switchOff' : 'adminGames.switchOn', { name: game.name })}
      className={clsx('ag-switch', on && 'is-on')}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!game.enabled)}
      data-testid="game-switch"
    >
      <span className="ag-switch__track" aria-hidden="true">
        <span className="ag-switch__thumb" />
      </span>
      <span className="ag-switch__label">{t(on ? 'adminGames.on' : 'adminGames.off')}</span>
    </button>
  );
}

function Rtp({ game }: { game: AdminGame }) {
  const { t } = useTranslation();
  const configured = (10_000 - game.houseEdgeBps) / 100;
  const measured = game.measuredRtp === null ? null : Number(game.measuredRtp);
  return (
    <div className="ag-rtp">
      <span className="ag-rtp__configured">{bpsToPercent(10_000 - game.houseEdgeBps)}%</span>
      {measured === null ? (
        <span className="ag-rtp__none">{t('adminGames.noBets')}</span>
      ) : (
        <span
          className={clsx('ag-rtp__measured', measured > configured ? 'is-over' : 'is-under')}
          data-testid="game-rtp-measured"
        >
          {game.measuredRtp}%
        </span>
      )}
    </div>
  );
}

export function AdminGamesPage() {
  const { t } = useTranslation();
  const title = t('adminGames.title');
  const [kind, setKind] = useState<Kind>('all');
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api(gamesRef, {}, { signal }),
    // Staff changes arrive live (admin-live.ts); the slow poll is for the bet statistics.
    refetchInterval: 60_000,
  });
  const shown = useMemo(
    () =>
      (query.data?.games ?? []).filter(
        (g) =>
          (kind === 'all' || g.kind === kind) &&
          (!term || g.name.toLowerCase().includes(term) || g.id.includes(term)),
      ),
    [query.data, kind, term],
  );
  const totals = useMemo(() => {
    const games = query.data?.games ?? [];
    return {
      wagered: fromCents(games.reduce((sum, g) => sum + cents(g.wageredUsd), 0n)),
      ggr: fromCents(games.reduce((sum, g) => sum + cents(g.ggrUsd), 0n)),
      bets: games.reduce((sum, g) => sum + g.bets, 0),
      enabled: `${games.filter((g) => g.enabled).length} / ${games.length}`,
    };
  }, [query.data]);

  const exportCsv = () => {
    const c = (key: string) => t(`adminGames.columns.${key}`);
    downloadCsv(
      'games',
      toCsv(
        [
          'id',
          c('game'),
          c('kind'),
          c('status'),
          'edge_bps',
          'rtp_measured',
          c('bets'),
          'wagered_usd',
          'ggr_usd',
        ],
        shown.map((g) => [
          g.id,
          g.name,
          g.kind,
          g.enabled ? 'on' : 'off',
          g.houseEdgeBps,
          g.measuredRtp,
          g.bets,
          g.wageredUsd,
          g.ggrUsd,
        ]),
      ),
    );
  };

  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminGames.intro')}</p>
      {query.isPending ? (
        <AdminLoading rows={8} />
      ) : query.isError ? (
        <EmptyState tone="error" title={t('adminGames.loadFailed')} />
      ) : (
        <>
          {query.data.allDisabled && (
            <p className="ag-alert" role="alert">
              <AlertTriangle size={16} aria-hidden="true" /> {t('adminGames.allOff')}
            </p>
          )}
          <div className="pg-stats ag-totals">
            {(['wagered', 'ggr', 'bets', 'enabled'] as const).map((key) => (
              <div key={key} className="pg-stat" data-testid={`games-total-${key}`}>
                <span className="pg-stat__label">{t(`adminGames.totals.${key}`)}</span>
                <span
                  className={clsx(
                    'pg-stat__value',
                    key === 'ggr' && (totals.ggr.startsWith('-') ? 'ag-neg' : 'ag-pos'),
                  )}
                >
                  {key === 'wagered' || key === 'ggr' ? usd(totals[key]) : totals[key]}
                </span>
              </div>
            ))}
          </div>
          <p className="ag-limits">
            {t('adminGames.limits', { bet: query.data.maxBetEur, profit: query.data.maxProfitUsd })} ·{' '}
            <Link to="/admin/settings">{t('adminGames.limitsLink')}</Link>
          </p>
          <AdminToolbar
            leading={
              <Tabs<Kind>
                value={kind}
                onChange={setKind}
                size="sm"
                aria-label={t('adminGames.columns.kind')}
                tabs={(['all', 'single', 'extended', 'crash'] as const).map((id) => ({
                  id,
                  label: t(`adminGames.kinds.${id}`),
                }))}
              />
            }
            search={{
              value: search,
              onChange: setSearch,
              placeholder: t('adminGames.search'),
              maxLength: 64,
            }}
            refresh={query}
            csv={{ onExport: exportCsv, count: shown.length }}
          />
          {shown.length === 0 ? (
            <EmptyState icon={<Gamepad2 size={28} />} title={t('adminGames.noMatch')} />
          ) : (
            <div className="pg-table-wrap">
              <table className="pg-table ag-table" data-testid="admin-games">
                <thead>
                  <tr>
                    <th>{t('adminGames.columns.game')}</th>
                    <th>{t('adminGames.columns.status')}</th>
                    <th>{t('adminGames.columns.edge')}</th>
                    <th>{t('adminGames.columns.rtp')}</th>
                    <th className="ag-num">{t('adminGames.columns.bets')}</th>
                    <th className="ag-num">{t('adminGames.columns.wagered')}</th>
                    <th className="ag-num">{t('adminGames.columns.ggr')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((g) => (
                    <tr
                      key={g.id}
                      data-testid="admin-game"
                      data-game={g.id}
                      className={clsx(!g.enabled && 'is-off')}
                    >
                      <td>
                        <span className="ag-game">
                          <strong>{g.name}</strong>
                          <span className={`pg-tag ag-kind ag-kind--${g.kind}`}>
                            {t(`adminGames.kinds.${g.kind}`)}
                          </span>
                        </span>
                      </td>
                      <td>
                        <Switch game={g} />
                      </td>
                      <td>
                        <EdgeEditor
                          key={`${g.id}:${g.houseEdgeBps}`}
                          game={g}
                          max={query.data.maxHouseEdgeBps}
                        />
                      </td>
                      <td>
                        <Rtp game={g} />
                      </td>
                      <td className="ag-num">{g.bets.toLocaleString('en-US')}</td>
                      <td className="ag-num">${usd(g.wageredUsd)}</td>
                      <td className={clsx('ag-num', g.ggrUsd.startsWith('-') ? 'ag-neg' : 'ag-pos')}>
                        ${usd(g.ggrUsd)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <AdminGameProviders />
        </>
      )}
    </AdminLayout>
  );
}
