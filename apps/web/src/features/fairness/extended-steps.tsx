/**
 * The decisions of an extended round, replayed in order: the round's start, then each decision in
 * words, the floats it read and the step's result (continue, lose, finish), ending with how the round
 * ended (a round still open after the last decision was cashed out).
 */
import clsx from 'clsx';
import { ListOrdered } from 'lucide-react';
import { type ExtendedVerifyResult, isExtendedGameId } from '@nebula/games';
import { EXTENDED_GAME_VERIFIERS } from '../../games/verifiers';
import { useTranslation, type TFunction } from '../../lib/i18n';

/** One decision in words, e.g. "Cell #7 (row 2, column 3)", "Hit", "Hold ♠A, ♥A"; JSON when unknown. */
export function describeAction(t: TFunction, game: string, action: unknown, level: number): string {
  const a = (action && typeof action === 'object' ? action : {}) as Record<string, unknown>;
  const words = (name: string, values?: Record<string, unknown>) =>
    t(`fairnessUi.extended.action.${name}`, values);
  const described = isExtendedGameId(game)
    ? EXTENDED_GAME_VERIFIERS[game].describeAction(a, level, words)
    : null;
  return described ?? JSON.stringify(action);
}

function FloatList({ indices }: { indices: readonly number[] }) {
  const { t } = useTranslation();
  if (indices.length === 0)
    return <span className="fv-dim">{t('fairnessUi.extended.decisions.noFloats')}</span>;
  const list =
    indices.length > 3
      ? `#${indices[0]}–#${indices[indices.length - 1]}`
      : indices.map((i) => `#${i}`).join(', ');
  return (
    <span className="fv-mono fv-dim">
      {t('fairnessUi.extended.decisions.floats', { count: indices.length, list })}
    </span>
  );
}

/** The start and every decision of `result`, with the floats each read and its step type. */
export function DecisionsCard({ result }: { result: ExtendedVerifyResult }) {
  const { t } = useTranslation();
  return (
    <section className="pg-card fv-card" data-testid="verify-decisions">
      <div className="fv-card__head">
        <span className="pg-card__icon">
          <ListOrdered size={18} />
        </span>
        <div>
          <h2 className="pg-card__title">{t('fairnessUi.extended.decisions.title')}</h2>
          <p className="pg-card__meta">{t('fairnessUi.extended.decisions.text')}</p>
        </div>
      </div>
      <ol className="fv-decisions">
        {result.steps.map((step) => (
          <li
            key={step.index}
            className={clsx('fv-decision', `is-${step.type}`)}
            data-testid="verify-decision"
          >
            <span className="fv-decision__index">{step.index === 0 ? '0' : step.index}</span>
            <span className="fv-decision__body">
              <span className="fv-decision__what">
                {step.index === 0
                  ? t('fairnessUi.extended.decisions.start')
                  : describeAction(t, result.gameId, step.action, step.index)}
              </span>
              <FloatList indices={step.floats} />
            </span>
            <span className={clsx('fv-badge', `is-${step.type}`)} data-testid="verify-decision-type">
              {t(`fairnessUi.extended.decisions.type.${step.type}`)}
            </span>
          </li>
        ))}
        {result.ending === 'take' && (
          <li className="fv-decision is-take" data-testid="verify-decision">
            <span className="fv-decision__index">✓</span>
            <span className="fv-decision__body">
              <span className="fv-decision__what">{t('fairnessUi.extended.decisions.take')}</span>
            </span>
            <span className="fv-badge is-take">{t('fairnessUi.extended.decisions.type.take')}</span>
          </li>
        )}
      </ol>
      {result.steps.length === 1 && <p className="fv-hint">{t('fairnessUi.extended.decisions.none')}</p>}
    </section>
  );
}
