/**
 * The crash round's recomputed result: the crash point (compared with the one the server recorded for
 * the round when the page knows it), and the proof step by step: the HMAC, its first 52 bits, the exact
 * integer formula and the 1.00x floor.
 */
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Rocket, Sigma } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CrashResult } from '@nebula/contracts';
import { formatHundredths } from '@nebula/games';
import { SkeletonText } from '../../ui';
import { CopyButton } from './copy-button';
import {
  type CrashPointResult,
  type CrashPointSteps,
  crashTone,
  groupDigits,
  hundredthsOf,
} from './crash-verify-model';
import { bpsToPercent } from './params-draft';
import './how-it-works.css';
import './verify-steps.css';
import { useTranslation } from '../../lib/i18n';

/** Why the round's record is missing, when it is. */
export type RecordState = 'none' | 'loading' | 'found' | 'missing' | 'failed';

export interface CrashResultCardProps {
  round: string | null;
  point: CrashPointResult;
  /** The server's record of the round when it has the form's game hash. */
  recorded: CrashResult | null;
  record: RecordState;
}

/** The outcome card: the crash point, or the reason it cannot be computed. */
export function CrashResultCard({ round, point, recorded, record }: CrashResultCardProps) {
  const { t, i18n } = useTranslation();
  const ok = point.status === 'ok' ? point.steps : null;
  const recordedPoint = recorded ? hundredthsOf(recorded.crashPoint) : null;
  const matches = ok && recordedPoint !== null ? ok.crashPoint === recordedPoint : null;
  const busted = recorded ? new Date(recorded.bustedAt) : null;

  return (
    <section
      className={clsx('pg-card fv-card fv-outcome fv-crash-outcome', ok && `is-${crashTone(ok.crashPoint)}`)}
      data-testid="crash-outcome"
      aria-live="polite"
    >
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <Rocket size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">
            {round ? t('fairnessUi.crash.result.round', { round }) : t('fairnessUi.crash.result.title')}
          </h2>
          <p className="pg-card__meta">{t('fairnessUi.crash.result.text')}</p>
        </div>
      </div>
      {ok ? (
        <>
          <div className="fv-crash-point">
            <span className="fv-multiplier__label">{t('fairnessUi.crash.result.crashPoint')}</span>
            <span className="fv-crash-point__value">
              <span data-testid="crash-point">{ok.multiplier}</span>×
            </span>
          </div>
          {recorded && recordedPoint !== null && (
            <p
              className={clsx('fv-match', matches ? 'is-win' : 'is-loss')}
              role="status"
              data-testid="crash-recorded"
            >
              {matches ? <CircleCheck size={16} /> : <CircleAlert size={16} />}
              {t(
                matches ? 'fairnessUi.crash.result.recordedMatch' : 'fairnessUi.crash.result.recordedDiffers',
                {
                  round: recorded.id,
                  point: recorded.crashPoint,
                },
              )}
            </p>
          )}
          <div className="fv-facts">
            <div className="fv-fact">
              <span className="fv-fact__label">{t('fairnessUi.form.edge')}</span>
              <span className="fv-crash-fact">{bpsToPercent(ok.edgeBps)}%</span>
            </div>
            {busted && !Number.isNaN(busted.getTime()) && (
              <div className="fv-fact">
                <span className="fv-fact__label">{t('fairnessUi.crash.result.busted')}</span>
                <span className="fv-crash-fact">
                  {busted.toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })}
                </span>
              </div>
            )}
          </div>
        </>
      ) : point.status === 'error' ? (
        <p className="fv-error" role="alert" data-testid="crash-error">
          <CircleAlert size={16} aria-hidden="true" />
          <span>{t(point.errorKey)}</span>
        </p>
      ) : record === 'loading' ? (
        <SkeletonText lines={3} />
      ) : (
        <p className="fv-empty">
          {record === 'missing'
            ? t('fairnessUi.crash.result.missing', { round })
            : record === 'failed'
              ? t('fairnessUi.crash.result.failed')
              : t('fairnessUi.crash.result.empty')}
        </p>
      )}
    </section>
  );
}

function Step({ index, title, children }: { index: number; title: string; children: ReactNode }) {
  return (
    <li className="fv-crash-step">
      <h3 className="fv-crash-step__title">
        <span className="fv-crash-step__index" aria-hidden="true">
          {index}
        </span>
        {title}
      </h3>
      {children}
    </li>
  );
}

/** The proof of the crash point, step by step. */
export function CrashStepsCard({ steps }: { steps: CrashPointSteps }) {
  const { t } = useTranslation();
  const rest = steps.hmac.slice(steps.bitsHex.length);
  const edge = bpsToPercent(steps.edgeBps);
  const wide = steps.scheme === 'hmac52';
  const power = wide ? '2⁵²' : '2³²';
  const sizes = { bits: steps.bits, chars: steps.bitsHex.length };
  return (
    <section className="pg-card fv-card fv-steps" data-testid="crash-steps">
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <Sigma size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.crash.steps.title')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.crash.steps.text')}</p>
          <p className="fv-hint" data-testid="crash-verifier">
            {t(wide ? 'fairnessUi.crash.steps.verifier52' : 'fairnessUi.crash.steps.verifier32')}
            {!wide && (
              <>
                {' '}
                {t('fairnessUi.crash.steps.verifierName')}{' '}
                <a
                  className="fv-salt__link"
                  href="https://github.com/lucasholder/fair"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  github.com/lucasholder/fair
                </a>
              </>
            )}
          </p>
        </div>
      </div>
      <ol className="fv-crash-steps">
        <Step index={1} title={t('fairnessUi.crash.steps.hmacTitle')}>
          <code className="fv-formula">HMAC_SHA256(key = game hash, message = salt)</code>
          <div className="fv-code">
            <code className="fv-mono fv-break" data-testid="crash-hmac">
              <mark className="fv-crash-bits">{steps.bitsHex}</mark>
              <span className="fv-dim">{rest}</span>
            </code>
            <CopyButton text={steps.hmac} />
          </div>
          <p className="fv-hint">{t('fairnessUi.crash.steps.hmacNote', sizes)}</p>
        </Step>
        <Step index={2} title={t('fairnessUi.crash.steps.bitsTitle', sizes)}>
          <dl className="fv-crash-eq">
            <dt>{wide ? 'r' : 'n'}</dt>
            <dd className="fv-mono">
              0x{steps.bitsHex} = <span data-testid="crash-r">{steps.r.toString()}</span>
            </dd>
            <dt>{wide ? 'X' : '2³² / (n + 1)'}</dt>
            <dd className="fv-mono">
              {wide ? 'r / 2⁵² = ' : ''}
              <span data-testid="crash-x">{String(steps.x)}</span>
            </dd>
          </dl>
          <p className="fv-hint">
            {t(wide ? 'fairnessUi.crash.steps.bitsNote' : 'fairnessUi.crash.steps.bitsNote32')}
          </p>
        </Step>
        <Step index={3} title={t('fairnessUi.crash.steps.formulaTitle')}>
          <code className="fv-formula">
            {wide
              ? 'crash = floor(100 × (1 − edge) / (1 − X)) / 100'
              : 'crash = floor(100 × (1 − edge) × 2³² / (n + 1)) / 100'}
          </code>
          <p className="fv-hint">{t('fairnessUi.crash.steps.exactNote', { edge })}</p>
          <dl className="fv-crash-eq">
            <dt>N</dt>
            <dd className="fv-mono">
              100 × (10000 − {steps.edgeBps}) × {power} = {groupDigits(steps.numerator)}
            </dd>
            <dt>D</dt>
            <dd className="fv-mono">
              {wide ? '10000 × (2⁵² − r)' : '10000 × (n + 1)'} = {groupDigits(steps.denominator)}
            </dd>
            <dt>N / D</dt>
            <dd className="fv-mono">
              floor(N / D) = <span data-testid="crash-raw">{steps.raw.toString()}</span>{' '}
              <span className="fv-dim">{t('fairnessUi.crash.steps.hundredths')}</span>
            </dd>
          </dl>
        </Step>
        <Step index={4} title={t('fairnessUi.crash.steps.floorTitle')}>
          <p className="fv-crash-final">
            <code className="fv-mono">max(1.00, {formatHundredths(steps.raw)})</code>
            <span aria-hidden="true">=</span>
            <strong className={clsx('fv-crash-chip', `is-${crashTone(steps.crashPoint)}`)}>
              {steps.multiplier}×
            </strong>
          </p>
          {steps.raw < 100n && <p className="fv-hint">{t('fairnessUi.crash.steps.belowOne')}</p>}
        </Step>
      </ol>
    </section>
  );
}
