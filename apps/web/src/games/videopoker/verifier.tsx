/** Video poker's verifier parts: the deal (held cards marked) and the final hand, one float per card. */
import clsx from 'clsx';
import { cardFromIndex } from '@nebula/fairness';
import { type VideoPokerState } from '@nebula/games';
import type { ExtendedGameVerifier } from '../kit/verifier';
import { DECK, FLOAT_NOTES, pickFormula } from '../kit/verifier-extended';
import { PlayingCard } from '../kit/verifier-parts';
import { useTranslation } from '../../lib/i18n';

/** Video poker: the five cards dealt (held ones marked) and the final hand with its class. */
function VideoPokerStateView({ state }: { state: VideoPokerState }) {
  const { t } = useTranslation();
  const dealt = state.deck.slice(0, 5);
  return (
    <div className="fv-stack">
      <div className="fv-poker">
        <span className="fv-poker__label">{t('fairnessUi.extended.view.dealt')}</span>
        <div className="fv-hand__cards">
          {dealt.map((card, i) => (
            <span key={i} className="fv-poker__slot">
              <PlayingCard index={card} className={clsx(state.held?.[i] && 'is-held')} />
              <span className={clsx('fv-poker__held', !state.held?.[i] && 'is-hidden')}>
                {t('fairnessUi.extended.view.held')}
              </span>
            </span>
          ))}
        </div>
      </div>
      {state.held && (
        <div className="fv-poker">
          <span className="fv-poker__label">{t('fairnessUi.extended.view.final')}</span>
          <div className="fv-hand__cards">
            {state.cards.map((card, i) => (
              <PlayingCard key={i} index={card} className={clsx(!state.held?.[i] && 'is-new')} />
            ))}
          </div>
        </div>
      )}
      <p className={clsx('fv-strong', state.hand !== 'nothing' && 'is-win')}>
        {t(`fairnessUi.extended.view.poker.${state.hand}`)}
      </p>
    </div>
  );
}

export const videopokerVerifier: ExtendedGameVerifier = {
  floatSteps(result) {
    const state = result.state as VideoPokerState;
    const discards = state.held ? state.held.filter((held) => !held).length : 0;
    return result.floats.map((read, i) => {
      const drawn = i < 5 || (state.held !== null && i - 5 < discards);
      return {
        formula: pickFormula(read.value, DECK - i),
        value: cardFromIndex(state.deck[i] ?? 0).label,
        noteKey: `${FLOAT_NOTES}.${i < 5 ? 'dealt' : drawn ? 'drawn' : 'notDrawn'}`,
        unused: !drawn,
      };
    });
  },
  StateView: ({ result }) => <VideoPokerStateView state={result.state as VideoPokerState} />,
  describeAction(a, _level, key) {
    if (!Array.isArray(a.hold)) return null;
    const held = a.hold.flatMap((keep, i) => (keep ? [String(i + 1)] : []));
    return held.length ? key('hold', { cards: held.join(', ') }) : key('holdNone');
  },
};
