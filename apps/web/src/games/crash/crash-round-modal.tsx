/**
 * A busted round's proof: its crash point, hash, chain and salt, verified in the browser: the crash
 * point recomputed from HMAC-SHA256(hash, salt) and the house edge, and the hash walked down the
 * chain to the terminating hash published before the chain's first game (in slices, with progress,
 * so a long chain never freezes the page).
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Check, Copy, ShieldCheck, X } from 'lucide-react';
import { crashPointFromHash, formatHundredths, previousChainHash } from '@nebula/games';
import { IconButton, SkeletonText, openModal } from '../../ui';
import { formatMultiplier } from '../frame/result-popup';
import { crashApi, crashKeys } from './crash-api';
import { hundredthsOf, pillTone } from './crash-format';
import './crash-proof.css';
import { useTranslation } from '../../lib/i18n';

export const CRASH_ROUND_MODAL_ID = 'crash-round';
/** Hashes per slice of the chain walk. */
const SLICE = 2_000;

type Check = { state: 'running'; percent: number } | { state: 'ok' } | { state: 'bad' };

/** Walks `hash` down `times` SHA-256 steps and compares with `terminating`, a slice per macrotask. */
export function useChainCheck(hash: string | null, times: number, terminating: string | null): Check {
  const key = `${hash}:${times}:${terminating}`;
  const [check, setCheck] = useState<{ key: string; value: Check } | null>(null);
  useEffect(() => {
    if (!hash || !terminating) return undefined;
    let alive = true;
    let current = hash;
    let done = 0;
    const step = () => {
      if (!alive) return;
      const until = Math.min(times, done + SLICE);
      for (; done < until; done += 1) current = previousChainHash(current);
      if (done < times) {
        setCheck({ key, value: { state: 'running', percent: Math.floor((done / times) * 100) } });
        timer = setTimeout(step, 0);
      } else setCheck({ key, value: current === terminating ? { state: 'ok' } : { state: 'bad' } });
    };
    let timer = setTimeout(step, 0);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [key, hash, times, terminating]);
  return check?.key === key ? check.value : { state: 'running', percent: 0 };
}

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="gf-seed">
      <span className="gf-seed__label">{label}</span>
      <div className="gf-seed__value">
        <code data-testid={testId}>{value}</code>
        <IconButton
          size="sm"
          aria-label={copied ? t('gameCrash.round.copied') : t('gameCrash.round.copy')}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? <Check size={14} /> : <Copy size={14} />}
        </IconButton>
      </div>
    </div>
  );
}

function CheckRow({ label, check }: { label: string; check: Check }) {
  const { t } = useTranslation();
  return (
    <li
      className={clsx('crash-check', `is-${check.state}`)}
      data-testid="crash-check"
      data-state={check.state}
    >
      <span className="crash-check__icon" aria-hidden="true">
        {check.state === 'ok' ? <Check size={14} /> : check.state === 'bad' ? <X size={14} /> : null}
      </span>
      <span className="crash-check__label">{label}</span>
      <span className="crash-check__state">
        {check.state === 'running'
          ? t('gameCrash.round.checking', { percent: check.percent })
          : t(check.state === 'ok' ? 'gameCrash.round.verified' : 'gameCrash.round.mismatch')}
      </span>
    </li>
  );
}

/** The proof of round `id` (loaded with its chain). */
export function CrashRoundPanel({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: [...crashKeys.history, 'round', id],
    queryFn: () => crashApi.history((BigInt(id) + 1n).toString(), 1),
    staleTime: Infinity,
    retry: 1,
  });
  const result = query.data?.rounds.find((r) => r.id === id) ?? null;
  const chain = result ? (query.data?.chains.find((c) => c.id === result.chainId) ?? null) : null;
  const chainCheck = useChainCheck(
    result?.hash ?? null,
    (result?.chainIndex ?? 0) + 1,
    chain?.terminatingHash ?? null,
  );

  if (query.isPending) return <SkeletonText lines={6} />;
  if (!result || !chain) return <p className="gf-fair__muted">{t('gameCrash.round.loadFailed')}</p>;
  let pointCheck: Check = { state: 'bad' };
  let computed = '—';
  if (chain.salt) {
    try {
      const point = crashPointFromHash(result.hash, chain.salt, result.houseEdgeBps, chain.scheme);
      computed = formatHundredths(point);
      pointCheck = point === hundredthsOf(result.crashPoint) ? { state: 'ok' } : { state: 'bad' };
    } catch {
      pointCheck = { state: 'bad' };
    }
  }
  const busted = new Date(result.bustedAt);

  return (
    <div className="gf-fair crash-proof" data-testid="crash-round-modal" data-round={id}>
      <div className={clsx('crash-proof__point', `crash-pill--${pillTone(result.crashPoint)}`)}>
        <span className="crash-proof__label">{t('gameCrash.round.crashPoint')}</span>
        <strong className="tabular" data-testid="crash-round-point">
          {formatMultiplier(result.crashPoint)}
        </strong>
        <span className="crash-proof__time">
          {t('gameCrash.round.bustedAt')}{' '}
          {Number.isNaN(busted.getTime()) ? '' : busted.toLocaleString(i18n.language)}
        </span>
      </div>
      <section className="gf-fair__section">
        <Copyable label={t('gameCrash.round.hash')} value={result.hash} testId="crash-round-hash" />
        <Copyable label={t('gameCrash.round.salt')} value={chain.salt ?? '—'} testId="crash-round-salt" />
        <Copyable
          label={t('gameCrash.round.terminating')}
          value={chain.terminatingHash}
          testId="crash-round-terminating"
        />
        <div className="gf-seed gf-seed--inline">
          <span className="gf-seed__label">{t('gameCrash.round.chain')}</span>
          <code className="tabular">
            {t('gameCrash.round.chainGame', { chain: chain.id, index: result.chainIndex })}
          </code>
        </div>
        <div className="gf-seed gf-seed--inline">
          <span className="gf-seed__label">{t('gameCrash.round.houseEdge')}</span>
          <code className="tabular">{(result.houseEdgeBps / 100).toFixed(2)}%</code>
        </div>
      </section>
      <section className="gf-fair__section">
        <h3>
          <ShieldCheck size={16} aria-hidden="true" /> {t('gameCrash.round.checks')}
        </h3>
        <ul className="crash-checks">
          <CheckRow
            label={t('gameCrash.round.pointCheck', { multiplier: `${computed}x` })}
            check={pointCheck}
          />
          <CheckRow
            label={t('gameCrash.round.chainCheck', {
              times: (result.chainIndex + 1).toLocaleString(i18n.language),
            })}
            check={chainCheck}
          />
        </ul>
      </section>
    </div>
  );
}

/** Opens the proof of round `id`. */
export function openCrashRound(id: string, title: string): void {
  openModal({
    id: CRASH_ROUND_MODAL_ID,
    title,
    size: 'md',
    className: 'gf-fair-modal',
    content: <CrashRoundPanel id={id} />,
  });
}
