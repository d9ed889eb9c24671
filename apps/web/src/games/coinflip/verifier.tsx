/** Coinflip's verifier parts: each flip with its call, one float per flip (v1 and v2 rules). */
import clsx from 'clsx';
import { type CoinflipState, coinflipStreak } from '@nebula/games';
import type { ExtendedGameVerifier } from '../kit/verifier';
import { FLOAT_NOTES } from '../kit/verifier-extended';
import { useTranslation } from '../../lib/i18n';

/** Coinflip: each flip's side, with the call under it, right calls green. */
function CoinflipStateView({ state }: { state: CoinflipState }) {
  const { t } = useTranslation();
  return (
    <div className="fv-stack">
      <ol className="fv-coins">
        {state.flips.map((flip, i) => {
          const right = flip.call === flip.result;
          return (
            <li key={i} className={clsx('fv-coin', right ? 'is-right' : 'is-wrong')}>
              <span
                className={clsx('fv-coin__face', `is-${flip.result}`)}
                title={t(`fairnessUi.extended.view.${flip.result}`)}
              >
                {flip.result === 'heads' ? 'H' : 'T'}
              </span>
              <span className="fv-coin__call">
                {t('fairnessUi.extended.view.call', { side: t(`fairnessUi.extended.view.${flip.call}`) })}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="fv-muted">{t('fairnessUi.extended.view.coinStreak', { count: coinflipStreak(state) })}</p>
    </div>
  );
}

export const coinflipVerifier: ExtendedGameVerifier = {
  /**
   * One line per flip. Version 2 (`v: 2` in the state, every new round): `floor(f × 2)`, 0 tails and 1
   * heads, as the large casino's Flip. Version 1 (no `v`, rounds played before): heads below 0.5.
   */
  floatSteps(result) {
    const { flips, v } = result.state as CoinflipState;
    return result.floats.map((read, i) => {
      const digit = Math.floor(read.value * 2);
      const side = v === 2 ? (digit === 1 ? 'heads' : 'tails') : read.value < 0.5 ? 'heads' : 'tails';
      const right = flips[i]?.call === side;
      return {
        formula: v === 2 ? `floor(f × 2) = ${digit}` : `f ${read.value < 0.5 ? '<' : '≥'} 0.5`,
        value: side === 'heads' ? 'H' : 'T',
        noteKey: `${FLOAT_NOTES}.${side}${right ? 'Right' : 'Wrong'}`,
        highlight: right,
      };
    });
  },
  StateView: ({ result }) => <CoinflipStateView state={result.state as CoinflipState} />,
  describeAction: (a, _level, key) => (typeof a.side === 'string' ? key(a.side) : null),
};
