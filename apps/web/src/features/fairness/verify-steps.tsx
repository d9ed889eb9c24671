/**
 * The proof, step by step: the commitment (SHA-256 of the server seed, compared with what the player
 * saw), then every HMAC round with its message and 32 bytes, then each float with the 4 bytes it came
 * from and what the game made of it.
 */
import { useState } from 'react';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Hash, Layers, Sigma } from 'lucide-react';
import { CopyButton } from './copy-button';
import type { FloatMapping } from './float-steps';
import { type FloatStep, type RoundStep, hex } from './verify-model';
import './verify-steps.css';
import { useTranslation } from '../../lib/i18n';

/** SHA-256 of the server seed, with an optional comparison against the commitment the player saw. */
export function CommitmentCard({ hash, seedLooksValid }: { hash: string | null; seedLooksValid: boolean }) {
  const { t } = useTranslation();
  const [expected, setExpected] = useState('');
  const wanted = expected.trim().toLowerCase();
  const match = hash !== null && wanted.length > 0 ? wanted === hash : null;
  return (
    <section className="pg-card fv-card" data-testid="verify-commitment">
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <Hash size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.hash.title')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.hash.text')}</p>
        </div>
      </div>
      <div className="fv-code">
        <code className="fv-mono fv-break" data-testid="verify-hash">
          {hash ?? '—'}
        </code>
        {hash && <CopyButton text={hash} />}
      </div>
      {!seedLooksValid && hash && (
        <p className="fv-inline-note">
          <CircleAlert size={14} aria-hidden="true" />
          {t('fairnessUi.hash.badSeed')}
        </p>
      )}
      <label className="pg-field">
        <span>{t('fairnessUi.hash.compare')}</span>
        <input
          type="text"
          className="pg-mono"
          placeholder={t('fairnessUi.hash.comparePlaceholder')}
          value={expected}
          onChange={(event) => setExpected(event.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
      </label>
      {match !== null && (
        <p className={clsx('fv-match', match ? 'is-win' : 'is-loss')} role="status">
          {match ? <CircleCheck size={16} /> : <CircleAlert size={16} />}
          {t(match ? 'fairnessUi.hash.match' : 'fairnessUi.hash.mismatch')}
        </p>
      )}
    </section>
  );
}

function RoundBlock({ step, used }: { step: RoundStep; used: number }) {
  const { t } = useTranslation();
  return (
    <div className="fv-round">
      <div className="fv-round__head">
        <span className="fv-round__label">{t('fairnessUi.steps.round', { round: step.round })}</span>
        <code className="fv-mono fv-break">HMAC_SHA256(serverSeed, &quot;{step.message}&quot;)</code>
      </div>
      <div className="fv-bytes">
        {Array.from({ length: 8 }, (_, group) => (
          <code
            key={group}
            className={clsx('fv-bytes__group', group < used ? `is-used c${group % 4}` : 'is-unused')}
          >
            {hex(step.bytes.slice(group * 4, group * 4 + 4))}
          </code>
        ))}
      </div>
    </div>
  );
}

/**
 * The HMAC rounds and the float table: each float's bytes, value and what the game made of it
 * (`mappings`, one per float). `stepOf` (extended games) names the step that read each float: 0 is the
 * round's start, n its n-th decision.
 */
export function StepsCard({
  mappings,
  rounds,
  floats,
  stepOf,
}: {
  mappings: readonly FloatMapping[];
  rounds: RoundStep[];
  floats: FloatStep[];
  stepOf?: readonly number[];
}) {
  const { t } = useTranslation();
  return (
    <section className="pg-card fv-card fv-steps" data-testid="verify-steps">
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <Layers size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.steps.roundsTitle')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.steps.roundsText')}</p>
        </div>
      </div>
      {rounds.map((step) => (
        <RoundBlock
          key={step.round}
          step={step}
          used={floats.filter((float) => float.round === step.round).length}
        />
      ))}
      <div className="fv-card__head fv-card__head--spaced">
        <span className="pg-card__icon">
          <Sigma size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.steps.floatsTitle')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.steps.floatsText')}</p>
        </div>
      </div>
      <div className="pg-table-wrap">
        <table className="pg-table fv-table" data-testid="verify-floats">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('fairnessUi.steps.bytesFloat')}</th>
              <th>{t('fairnessUi.steps.mapping')}</th>
            </tr>
          </thead>
          <tbody>
            {floats.map((float) => {
              const mapping = mappings[float.index];
              return (
                <tr key={float.index} className={clsx(mapping?.unused && 'is-unused')}>
                  <td className="fv-mono fv-dim">{float.index}</td>
                  <td>
                    <span className={clsx('fv-chip fv-mono', `c${(float.offset / 4) % 4}`)}>
                      {float.bytes.join(', ')}
                    </span>
                    <span className="fv-cell-sub fv-mono">{String(float.value)}</span>
                  </td>
                  <td>
                    {stepOf && (
                      <span className="fv-step-tag">
                        {stepOf[float.index]
                          ? t('fairnessUi.extended.stepDecision', { n: stepOf[float.index] })
                          : t('fairnessUi.extended.stepStart')}
                      </span>
                    )}
                    <span className="fv-mono fv-dim">{mapping?.formula}</span>
                    <span className={clsx('fv-cell-sub fv-strong', mapping?.highlight && 'is-win')}>
                      → {mapping?.value}
                      {mapping?.noteKey && (
                        <span className="fv-note"> {t(mapping.noteKey, mapping.noteValues)}</span>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
