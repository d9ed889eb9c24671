/**
 * What the crash tab lists: the published hash chains (terminating hash, salt once fixed, the block it
 * comes from, when each was published and fixed, the rounds played) and the latest busted rounds, each
 * linking to its verification.
 */
import { Link } from 'react-router';
import clsx from 'clsx';
import { ChevronRight, History, ShieldCheck } from 'lucide-react';
import type { CrashChain, CrashResult } from '@nebula/contracts';
import { Button, SkeletonText } from '../../ui';
import type { ChainRounds } from './crash-api';
import { CopyButton } from './copy-button';
import { buildCrashVerifyHref } from './crash-link';
import { SaltBlockFacts } from './crash-salt-block';
import { crashTone, hundredthsOf } from './crash-verify-model';
import './crash-lists.css';
import { useTranslation } from '../../lib/i18n';

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string, time = false) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '—';
    return time && date.toDateString() === new Date().toDateString()
      ? date.toLocaleTimeString(i18n.language)
      : date.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  };
}

function chainStatus(chain: CrashChain, rounds: ChainRounds | undefined, current: number | null) {
  if (!chain.salt) return 'next';
  if (rounds?.finished) return 'finished';
  return chain.id === current ? 'live' : 'finished';
}

/** The published chains, newest first. `current` is the chain of the newest round. */
export function CrashChainsCard({
  chains,
  ranges,
  current,
  loading,
}: {
  chains: readonly CrashChain[];
  ranges: ReadonlyMap<number, ChainRounds>;
  current: number | null;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const when = useDateTime();
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <section className="pg-card fv-card" data-testid="crash-chains">
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <ShieldCheck size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.crash.chains.title')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.crash.chains.text')}</p>
        </div>
      </div>
      {loading ? (
        <SkeletonText lines={3} />
      ) : chains.length === 0 ? (
        <p className="fv-empty">{t('fairnessUi.crash.chains.none')}</p>
      ) : (
        <ul className="fv-crash-chains">
          {chains.map((chain) => {
            const rounds = ranges.get(chain.id);
            const status = chainStatus(chain, rounds, current);
            return (
              <li key={chain.id} className="fv-crash-chainrow" data-testid="crash-chain-row">
                <div className="fv-crash-chainrow__head">
                  <strong className="fv-crash-chainrow__id">#{chain.id}</strong>
                  <span className={clsx('pg-tag', status === 'live' && 'pg-tag--accent')}>
                    {t(`fairnessUi.crash.chains.status.${status}`)}
                  </span>
                  <span className="fv-muted">
                    {t('fairnessUi.crash.chains.games', { n: n(chain.length), last: n(chain.length - 1) })}
                  </span>
                </div>
                <dl className="fv-crash-chainrow__facts">
                  <dt>{t('fairnessUi.crash.form.terminating')}</dt>
                  <dd className="fv-crash-copyable">
                    <code className="fv-mono fv-break">{chain.terminatingHash}</code>
                    <CopyButton text={chain.terminatingHash} />
                  </dd>
                  <dt>{t('fairnessUi.crash.form.salt')}</dt>
                  <dd className="fv-crash-copyable">
                    {chain.salt ? (
                      <>
                        <code className="fv-mono fv-break">{chain.salt}</code>
                        <CopyButton text={chain.salt} />
                      </>
                    ) : (
                      <span className="fv-muted">{t('fairnessUi.crash.chains.saltPending')}</span>
                    )}
                  </dd>
                  <SaltBlockFacts chain={chain} />
                  <dt>{t('fairnessUi.crash.chains.timeline')}</dt>
                  <dd className="fv-muted">
                    {t('fairnessUi.crash.chains.publishedAt', { date: when(chain.publishedAt) })}
                    {chain.saltFixedAt && (
                      <> · {t('fairnessUi.crash.chains.saltFixedAt', { date: when(chain.saltFixedAt) })}</>
                    )}
                  </dd>
                  {rounds && (
                    <>
                      <dt>{t('fairnessUi.crash.chains.rounds')}</dt>
                      <dd className="fv-muted" data-testid="crash-chain-rounds">
                        {rounds.first
                          ? t('fairnessUi.crash.chains.range', {
                              first: rounds.first,
                              last: rounds.latest.id,
                            })
                          : t('fairnessUi.crash.chains.rangeLatest', { last: rounds.latest.id })}{' '}
                        ·{' '}
                        {t('fairnessUi.crash.chains.played', {
                          n: n(rounds.latest.chainIndex + 1),
                          total: n(chain.length),
                        })}
                      </dd>
                    </>
                  )}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The verify link of a listed round (with its chain's salt when the page has it). */
export function roundHref(round: CrashResult, chains: readonly CrashChain[]): string {
  const salt = chains.find((chain) => chain.id === round.chainId)?.salt ?? undefined;
  return buildCrashVerifyHref({
    round: round.id,
    hash: round.hash,
    ...(salt ? { salt } : {}),
    edgeBps: round.houseEdgeBps,
    chainId: round.chainId,
    index: round.chainIndex,
    scheme: round.scheme,
  });
}

export interface CrashRoundsCardProps {
  rounds: readonly CrashResult[];
  chains: readonly CrashChain[];
  loading: boolean;
  failed: boolean;
  /** The round being verified (highlighted). */
  active: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}

/** The latest busted rounds, newest first; each row opens its verification. */
export function CrashRoundsCard(props: CrashRoundsCardProps) {
  const { rounds, chains, loading, failed, active, hasMore, loadingMore, onMore } = props;
  const { t, i18n } = useTranslation();
  const when = useDateTime();
  return (
    <section className="pg-card fv-card" data-testid="crash-rounds">
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <History size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.crash.rounds.title')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.crash.rounds.text')}</p>
        </div>
      </div>
      {loading ? (
        <SkeletonText lines={5} />
      ) : failed && rounds.length === 0 ? (
        <p className="fv-empty">{t('fairnessUi.crash.rounds.failed')}</p>
      ) : rounds.length === 0 ? (
        <p className="fv-empty">{t('fairnessUi.crash.rounds.none')}</p>
      ) : (
        <>
          <div className="fv-crash-list" role="list">
            <div className="fv-crash-list__head" aria-hidden="true">
              <span>{t('fairnessUi.crash.rounds.round')}</span>
              <span>{t('fairnessUi.crash.result.crashPoint')}</span>
              <span>{t('fairnessUi.crash.rounds.hash')}</span>
              <span>{t('fairnessUi.crash.rounds.game')}</span>
              <span>{t('fairnessUi.crash.rounds.time')}</span>
              <span />
            </div>
            {rounds.map((round) => {
              const tone = crashTone(hundredthsOf(round.crashPoint) ?? 0n);
              return (
                <Link
                  key={round.id}
                  role="listitem"
                  to={roundHref(round, chains)}
                  className={clsx('fv-crash-list__row', active === round.id && 'is-active')}
                  aria-label={t('fairnessUi.crash.rounds.verify', {
                    round: round.id,
                    point: round.crashPoint,
                  })}
                  data-testid="crash-round-row"
                >
                  <span className="fv-crash-list__id fv-mono">#{round.id}</span>
                  <span className={clsx('fv-crash-chip', `is-${tone}`)}>{round.crashPoint}×</span>
                  <code className="fv-crash-list__hash fv-mono">{round.hash}</code>
                  <span className="fv-crash-list__game fv-mono fv-dim">
                    #{round.chainId} · {round.chainIndex.toLocaleString(i18n.language)}
                  </span>
                  <span className="fv-crash-list__time fv-dim">{when(round.bustedAt, true)}</span>
                  <ChevronRight className="fv-crash-list__go" size={16} aria-hidden="true" />
                </Link>
              );
            })}
          </div>
          {hasMore && (
            <Button
              variant="secondary"
              size="sm"
              onClick={onMore}
              loading={loadingMore}
              className="fv-crash-more"
            >
              {t('fairnessUi.crash.rounds.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
