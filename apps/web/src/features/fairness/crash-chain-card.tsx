/**
 * The chain check card: the game hash hashed forward index + 1 times must give the chain's terminating
 * hash, published before the chain's first game. Runs the walk (use-chain-walk.ts, in slices) and shows
 * its progress, the first step (the previous game's hash), the hash reached and the comparison, and
 * whether the terminating hash is one the site published.
 */
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Link as LinkIcon, Play, Square } from 'lucide-react';
import type { CrashChain } from '@nebula/contracts';
import { Button } from '../../ui';
import { CopyButton } from './copy-button';
import type { ChainInput } from './crash-verify-model';
import { useChainWalk } from './use-chain-walk';
import './verify-steps.css';
import { useTranslation } from '../../lib/i18n';

export interface ChainCheckCardProps {
  input: ChainInput;
  /** The published chain whose terminating hash the form holds, if it is one. */
  published: CrashChain | null;
}

function HashLine({ label, hash, testId }: { label: string; hash: string; testId?: string }) {
  return (
    <div className="fv-crash-hashline">
      <span className="fv-crash-hashline__label">{label}</span>
      <div className="fv-code">
        <code className="fv-mono fv-break" data-testid={testId}>
          {hash}
        </code>
        <CopyButton text={hash} />
      </div>
    </div>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const { t, i18n } = useTranslation();
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <div className="fv-crash-progress">
      <div
        className="fv-crash-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label={t('fairnessUi.crash.chain.progress')}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="fv-crash-progress__text fv-mono" data-testid="crash-chain-progress">
        {t('fairnessUi.crash.chain.hashed', { done: n(done), total: n(total), percent })}
      </span>
    </div>
  );
}

/** The chain check. */
export function ChainCheckCard({ input, published }: ChainCheckCardProps) {
  const { t, i18n } = useTranslation();
  // The walk's progress re-renders this card only.
  const { walk, start: onStart, stop: onStop } = useChainWalk(input);
  const n = (value: number) => value.toLocaleString(i18n.language);
  const steps = input.status === 'ok' ? input.steps : 0;
  const terminating = input.status === 'ok' ? input.terminating : null;

  return (
    <section
      className={clsx(
        'pg-card fv-card fv-crash-chain',
        walk.status === 'done' && (walk.match ? 'is-verified' : 'is-broken'),
      )}
      data-testid="crash-chain"
      data-state={walk.status === 'done' ? (walk.match ? 'ok' : 'bad') : walk.status}
    >
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <LinkIcon size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.crash.chain.title')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.crash.chain.text')}</p>
        </div>
      </div>

      {input.status === 'waiting' && <p className="fv-empty">{t(input.messageKey)}</p>}
      {input.status === 'error' && (
        <p className="fv-error" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          <span>{t(input.errorKey)}</span>
        </p>
      )}

      {input.status === 'ok' && (
        <>
          <p className="fv-crash-steps-count">
            {t('fairnessUi.crash.chain.steps', { count: steps, n: n(steps), index: n(steps - 1) })}
          </p>
          {walk.status === 'confirm' && (
            <div className="fv-crash-confirm">
              <p className="fv-hint">{t('fairnessUi.crash.chain.confirm', { n: n(walk.total) })}</p>
              <Button size="sm" icon={<Play size={14} />} onClick={onStart} data-testid="crash-chain-start">
                {t('fairnessUi.crash.chain.start')}
              </Button>
            </div>
          )}
          {(walk.status === 'running' || walk.status === 'stopped') && (
            <div className="fv-crash-running">
              <Progress done={walk.done} total={walk.total} />
              {walk.status === 'running' ? (
                <Button size="sm" variant="ghost" icon={<Square size={14} />} onClick={onStop}>
                  {t('fairnessUi.crash.chain.stop')}
                </Button>
              ) : (
                <Button size="sm" variant="secondary" icon={<Play size={14} />} onClick={onStart}>
                  {t('fairnessUi.crash.chain.resume')}
                </Button>
              )}
            </div>
          )}
          {walk.status === 'done' && (
            <>
              {walk.total > 1 && (
                <HashLine
                  label={t('fairnessUi.crash.chain.first', { index: n(walk.total - 2) })}
                  hash={walk.first}
                />
              )}
              <HashLine
                label={t('fairnessUi.crash.chain.reached', { count: walk.total, n: n(walk.total) })}
                hash={walk.final}
                testId="crash-chain-final"
              />
              <p
                className={clsx('fv-match', walk.match ? 'is-win' : 'is-loss')}
                role="status"
                data-testid="crash-chain-result"
              >
                {walk.match ? <CircleCheck size={16} /> : <CircleAlert size={16} />}
                {t(walk.match ? 'fairnessUi.crash.chain.match' : 'fairnessUi.crash.chain.mismatch', {
                  count: walk.total,
                  n: n(walk.total),
                })}
              </p>
              <p className="fv-hint">
                {walk.ms < 1000
                  ? t('fairnessUi.crash.chain.timeMs', { ms: Math.max(1, Math.round(walk.ms)) })
                  : t('fairnessUi.crash.chain.time', { seconds: (walk.ms / 1000).toFixed(1) })}
              </p>
            </>
          )}
          {terminating && (
            <div className="fv-crash-published">
              <HashLine label={t('fairnessUi.crash.chain.terminating')} hash={terminating} />
              {published ? (
                <p className="fv-match is-win" data-testid="crash-chain-published">
                  <CircleCheck size={16} />
                  {t('fairnessUi.crash.chain.published', {
                    id: published.id,
                    date: new Date(published.publishedAt).toLocaleString(i18n.language, {
                      dateStyle: 'medium',
                      timeStyle: 'medium',
                    }),
                  })}
                </p>
              ) : (
                <p className="fv-inline-note">
                  <CircleAlert size={14} aria-hidden="true" />
                  {t('fairnessUi.crash.chain.notPublished')}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
