/**
 * Back office: fairness (issue 21, permission `game_stats`; decision 0045). A bet looked up by id shows
 * its seeds, nonce and parameters and the server's recomputation of its outcome (verified, mismatch,
 * seed not revealed yet, or replay in the verifier for extended games); the crash hash chains list
 * their commitment, salt, games played and left (refresh, CSV export). Read-only.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { adminFairnessBetEndpoint, adminFairnessCrashEndpoint, ResponseOf } from '@nebula/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Link2, Search, ShieldAlert, ShieldQuestion, XCircle } from 'lucide-react';
import clsx from 'clsx';
import { Button, EmptyState } from '../../ui';
import { api, endpointRef, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { AdminLayout, AdminLoading } from './admin-pages';
import { AdminToolbar } from './admin-toolbar';
import { downloadCsv, toCsv } from './csv';
import { formatAdminDate } from './format';
import './admin-fairness-texts';
import './admin-fairness.css';

const fairnessApi = {
  bet: endpointRef<typeof adminFairnessBetEndpoint>('POST', '/api/admin/fairness/bet'),
  crash: endpointRef<typeof adminFairnessCrashEndpoint>('POST', '/api/admin/fairness/crash'),
};

type Lookup = ResponseOf<typeof adminFairnessBetEndpoint>;

const STATUS_ICON = {
  verified: CheckCircle2,
  mismatch: XCircle,
  secret: ShieldQuestion,
  replay: ShieldAlert,
} as const;

function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="afr-fact">
      <dt>{label}</dt>
      <dd className={clsx(mono && 'afr-mono')}>{children}</dd>
    </div>
  );
}

function BetResult({ found }: { found: Lookup }) {
  const { t } = useTranslation();
  const { info, metadata } = found.bet;
  const { verification: v } = found;
  const Icon = STATUS_ICON[v.status];
  const f = (key: string) => t(`adminFairness.fields.${key}`);
  return (
    <div className="afr-result" data-testid="fairness-result" data-status={v.status}>
      <div className={clsx('afr-verdict', `afr-verdict--${v.status}`)}>
        <Icon size={22} aria-hidden="true" />
        <div>
          <strong>{t(`adminFairness.status.${v.status}`)}</strong>
          <p>{t(`adminFairness.statusText.${v.status}`)}</p>
        </div>
      </div>
      <dl className="afr-facts">
        <Fact label={f('game')}>
          {metadata.name} <span className="afr-dim">#{info.id}</span>
        </Fact>
        <Fact label={f('player')}>{found.player.name}</Fact>
        <Fact label={f('wager')}>
          {info.wager} {info.currency.toUpperCase()}
        </Fact>
        <Fact label={f('payout')}>
          {info.payout} {info.currency.toUpperCase()}
        </Fact>
        <Fact label={f('stored')} mono>
          ×{info.multiplier}
        </Fact>
        <Fact label={f('recomputed')} mono>
          {v.multiplier === null ? '—' : `×${v.multiplier}`}
        </Fact>
        <Fact label={f('nonce')} mono>
          {info.nonce}
        </Fact>
        <Fact label={f('edge')}>{(info.house_edge_bps / 100).toFixed(2)} %</Fact>
        <Fact label={f('placed')}>{formatAdminDate(info.created_at)}</Fact>
        {v.hashMatches !== null && (
          <Fact label={f('hashMatches')}>
            <span className={clsx('pg-tag', v.hashMatches ? 'pg-tag--accent' : 'afr-bad')}>
              {v.hashMatches ? f('yes') : f('no')}
            </span>
          </Fact>
        )}
      </dl>
      <dl className="afr-seeds">
        <Fact label={f('serverSeed')} mono>
          {info.server_seed ?? <span className="afr-dim">{f('hidden')}</span>}
        </Fact>
        <Fact label={f('serverSeedHash')} mono>
          {info.server_seed_hash}
        </Fact>
        <Fact label={f('clientSeed')} mono>
          {info.client_seed || '—'}
        </Fact>
        <Fact label={f('params')} mono>
          {JSON.stringify(info.params)}
        </Fact>
      </dl>
    </div>
  );
}

function BetLookup() {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const lookup = useMutation({ mutationFn: (betId: string) => api(fairnessApi.bet, { id: betId }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (id.trim()) lookup.mutate(id.trim());
  };
  const error = lookup.error
    ? isApiError(lookup.error) && lookup.error.status === 404
      ? t('adminFairness.lookup.notFound')
      : isApiError(lookup.error)
        ? lookup.error.message
        : t('adminFairness.lookup.failed')
    : null;
  return (
    <section className="pg-card afr-card afr-card--lookup">
      <h2 className="pg-card__title">{t('adminFairness.lookup.title')}</h2>
      <form className="afr-lookup" onSubmit={submit}>
        <label className="al-search">
          <Search size={16} aria-hidden="true" />
          <input
            inputMode="numeric"
            value={id}
            maxLength={25}
            placeholder={t('adminFairness.lookup.placeholder')}
            aria-label={t('adminFairness.lookup.label')}
            onChange={(event) => setId(event.target.value)}
            data-testid="fairness-bet-id"
          />
        </label>
        <Button type="submit" size="sm" loading={lookup.isPending} data-testid="fairness-lookup">
          {t('adminFairness.lookup.submit')}
        </Button>
      </form>
      {error && (
        <p className="afr-error" role="alert">
          {error}
        </p>
      )}
      {lookup.data && !lookup.isPending && <BetResult found={lookup.data} />}
    </section>
  );
}

function Chains() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'fairness', 'crash'],
    queryFn: ({ signal }) => api(fairnessApi.crash, {}, { signal }),
    refetchInterval: 30_000,
  });
  const chains = query.data?.chains ?? [];
  const c = (key: string) => t(`adminFairness.chains.${key}`);
  const exportCsv = () =>
    downloadCsv(
      'crash-chains',
      toCsv(
        [c('id'), c('state'), c('commitment'), 'Length', c('played'), c('left'), c('salt'), c('published')],
        chains.map((ch) => [
          ch.id,
          ch.state,
          ch.terminatingHash,
          ch.length,
          ch.played,
          ch.remaining,
          ch.salt,
          ch.publishedAt,
        ]),
      ),
    );
  return (
    <section className="pg-card afr-card">
      <h2 className="pg-card__title afr-chains-title">
        <Link2 size={16} aria-hidden="true" /> {c('title')}
        {query.data && (
          <small className="afr-dim">
            {t('adminFairness.chains.remaining', {
              count: query.data.gamesRemaining,
              games: query.data.gamesRemaining.toLocaleString(),
            })}
          </small>
        )}
      </h2>
      <AdminToolbar refresh={query} csv={{ onExport: exportCsv, count: chains.length }} />
      {query.isPending ? (
        <AdminLoading rows={3} />
      ) : query.isError ? (
        <EmptyState tone="error" title={c('loadFailed')} />
      ) : chains.length === 0 ? (
        <EmptyState icon={<Link2 size={28} />} title={c('empty')} />
      ) : (
        <div className="pg-table-wrap">
          <table className="pg-table al-table" data-testid="fairness-chains">
            <thead>
              <tr>
                <th>{c('id')}</th>
                <th>{c('state')}</th>
                <th>{c('commitment')}</th>
                <th>{c('played')}</th>
                <th>{c('left')}</th>
                <th>{c('salt')}</th>
                <th>{c('published')}</th>
              </tr>
            </thead>
            <tbody>
              {chains.map((ch) => (
                <tr key={ch.id} data-testid="fairness-chain" data-state={ch.state}>
                  <td className="al-nowrap">#{ch.id}</td>
                  <td>
                    <span className={clsx('pg-tag', ch.state === 'playing' && 'pg-tag--accent')}>
                      {t(`adminFairness.chains.states.${ch.state}`)}
                    </span>
                  </td>
                  <td className="afr-mono afr-hash" title={ch.terminatingHash}>
                    {ch.terminatingHash}
                  </td>
                  <td className="al-nowrap">
                    {ch.played.toLocaleString()} / {ch.length.toLocaleString()}
                    <span className="afr-bar" aria-hidden="true">
                      <span
                        style={{ width: `${Math.min(100, (ch.played / Math.max(1, ch.length)) * 100)}%` }}
                      />
                    </span>
                  </td>
                  <td className="al-nowrap">{ch.remaining.toLocaleString()}</td>
                  <td className="afr-mono afr-hash" title={ch.salt ?? undefined}>
                    {ch.salt ?? <span className="afr-dim">{c('noSalt')}</span>}
                  </td>
                  <td className="al-nowrap">{formatAdminDate(ch.publishedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function AdminFairnessPage() {
  const { t } = useTranslation();
  const title = t('adminFairness.title');
  return (
    <AdminLayout title={title} crumbs={[{ label: title }]}>
      <p className="al-intro">{t('adminFairness.intro')}</p>
      <BetLookup />
      <Chains />
    </AdminLayout>
  );
}
