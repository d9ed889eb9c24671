/**
 * The decisions of an extended round, replayed in order: the round's start, then each decision in
 * words, the floats it read and the step's result (continue, lose, finish), ending with how the round
 * ended (a round still open after the last decision was cashed out).
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ListOrdered } from 'lucide-react';
import type { ExtendedVerifyResult } from '@nebula/games';

const MINES_COLUMNS = 5;

type Action = Record<string, unknown>;

/** One decision in words, e.g. "Cell #7 (row 2, column 3)", "Hit", "Hold ♠A, ♥A". */
export function describeAction(t: TFunction, game: string, action: unknown, level: number): string {
  const a = (action && typeof action === 'object' ? action : {}) as Action;
  const key = (name: string, values?: Record<string, unknown>) =>
    t(`fairnessUi.extended.action.${name}`, values);
  switch (game) {
    case 'mines':
      if (a.random === true) return key('random');
      if (typeof a.cell === 'number') {
        return key('cell', {
          cell: a.cell,
          row: Math.floor(a.cell / MINES_COLUMNS) + 1,
          column: (a.cell % MINES_COLUMNS) + 1,
        });
      }
      break;
    case 'tower':
      if (typeof a.tile === 'number') return key('tile', { level, tile: a.tile });
      break;
    case 'stairs':
      if (typeof a.stone === 'number') return key('stone', { level, tile: a.stone });
      break;
    case 'hilo':
      if (a.skip === true) return key('skip');
      if (typeof a.guess === 'string') return key(a.guess);
      break;
    case 'coinflip':
      if (typeof a.side === 'string') return key(a.side);
      break;
    case 'blackjack':
      if (a.action === 'insurance') return key(a.accept ? 'insuranceYes' : 'insuranceNo');
      if (typeof a.action === 'string') return key(a.action);
      break;
    case 'videopoker':
      if (Array.isArray(a.hold)) {
        const held = a.hold.flatMap((keep, i) => (keep ? [String(i + 1)] : []));
        return held.length ? key('hold', { cards: held.join(', ') }) : key('holdNone');
      }
      break;
    default:
      break;
  }
  return JSON.stringify(action);
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
