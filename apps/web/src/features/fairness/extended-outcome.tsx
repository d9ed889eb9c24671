/**
 * An extended round's final state, drawn per game: the mines board, the tower or stairs rows, the
 * coin flips (cards in extended-cards.tsx), with a JSON fallback for a game without a drawing; plus the
 * facts every round has (how it ended, what it pays per base wager, what was staked).
 */
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  type BlackjackState,
  type CoinflipState,
  type ExtendedVerifyResult,
  type HiloState,
  type MinesState,
  ONE_RATIO,
  STAIRS_STONES,
  type StairsState,
  TOWER_DIFFICULTY,
  type TowerState,
  type VideoPokerState,
  coinflipStreak,
  eqRatio,
  ratioToDecimal,
} from '@nebula/games';
import { BlackjackStateView, HiloStateView, VideoPokerStateView } from './extended-cards';
import './extended-view.css';

const MINES_CELLS = 25;

function MineIcon() {
  return (
    <svg viewBox="0 0 24 24" width="60%" height="60%" aria-hidden="true">
      <circle cx="12" cy="13" r="7" fill="currentColor" />
      <path
        d="M12 2v4M12 20v2M3 13H1M23 13h-2M5.6 6.6 4.2 5.2M18.4 6.6l1.4-1.4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="9.5" cy="10.5" r="1.8" fill="rgb(255 255 255 / 0.55)" />
    </svg>
  );
}

function GemIcon() {
  return (
    <svg viewBox="0 0 24 24" width="58%" height="58%" aria-hidden="true">
      <path d="M6 3h12l4 6-10 12L2 9z" fill="currentColor" />
      <path d="M2 9h20M9 3l3 6 3-6M12 21 9 9m3 12 3-12" stroke="rgb(0 0 0 / 0.25)" fill="none" />
    </svg>
  );
}

/** Mines: the 5×5 board with every mine, the safe cells found (numbered in reveal order) and the mine hit. */
function MinesStateView({ state }: { state: MinesState }) {
  const { t } = useTranslation();
  const mines = new Set(state.mines);
  const order = new Map(state.revealed.map((cell, i) => [cell, i + 1]));
  return (
    <div className="fv-stack">
      <div
        className="fv-mines"
        role="grid"
        aria-label={t('fairnessUi.extended.view.mines', {
          count: state.mineCount,
          found: state.revealed.length,
        })}
        data-testid="verify-mines-board"
      >
        {Array.from({ length: MINES_CELLS }, (_, cell) => {
          const mine = mines.has(cell);
          const step = order.get(cell);
          return (
            <span
              key={cell}
              role="gridcell"
              title={`#${cell}`}
              className={clsx(
                'fv-mines__cell',
                mine ? 'is-mine' : 'is-safe',
                step !== undefined && 'is-revealed',
                state.hit === cell && 'is-hit',
              )}
              data-cell={cell}
            >
              {mine ? <MineIcon /> : step !== undefined ? <GemIcon /> : null}
              {step !== undefined && <span className="fv-mines__order">{step}</span>}
            </span>
          );
        })}
      </div>
      <p className="fv-muted">
        {state.hit !== null
          ? t('fairnessUi.extended.view.minesHit', { cell: state.hit })
          : t('fairnessUi.extended.view.mines', { count: state.mineCount, found: state.revealed.length })}
      </p>
    </div>
  );
}

/** Tower and stairs: the rows top to bottom, traps shown, the tile picked on each row reached. */
function LadderStateView({
  layout,
  picks,
  tiles,
  rowKey,
}: {
  layout: readonly (readonly number[])[];
  picks: readonly number[];
  tiles: number;
  rowKey: 'level' | 'row';
}) {
  const { t } = useTranslation();
  const rows = layout.map((traps, row) => ({ row, traps })).reverse();
  return (
    <div className={clsx('fv-ladder', tiles > 4 && 'is-wide')} data-testid="verify-ladder">
      {rows.map(({ row, traps }) => {
        const pick = picks[row];
        return (
          <div key={row} className={clsx('fv-ladder__row', pick === undefined && 'is-unreached')}>
            <span className="fv-ladder__label">
              {t(`fairnessUi.extended.view.${rowKey}`, { n: row + 1 })}
            </span>
            <div
              className="fv-ladder__tiles"
              style={{ gridTemplateColumns: `repeat(${tiles}, minmax(0, 1fr))` }}
            >
              {Array.from({ length: tiles }, (_, tile) => {
                const trap = traps.includes(tile);
                return (
                  <span
                    key={tile}
                    className={clsx(
                      'fv-ladder__tile',
                      trap ? 'is-trap' : 'is-safe',
                      pick === tile && 'is-picked',
                    )}
                    title={`#${tile}${trap ? ` · ${t('fairnessUi.extended.view.trap')}` : ''}${pick === tile ? ` · ${t('fairnessUi.extended.view.picked')}` : ''}`}
                  >
                    {trap ? '✕' : pick === tile ? '✓' : ''}
                  </span>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}

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

/** The final state of `result` as its game's drawing, or JSON for a game without one. */
export function ExtendedStateView({ result }: { result: ExtendedVerifyResult }) {
  const { t } = useTranslation();
  const state = result.state;
  switch (result.gameId) {
    case 'mines':
      return <MinesStateView state={state as MinesState} />;
    case 'tower': {
      const tower = state as TowerState;
      return (
        <LadderStateView
          layout={tower.layout}
          picks={tower.picks}
          tiles={TOWER_DIFFICULTY[tower.difficulty].tiles}
          rowKey="level"
        />
      );
    }
    case 'stairs': {
      const stairs = state as StairsState;
      return (
        <LadderStateView layout={stairs.layout} picks={stairs.picks} tiles={STAIRS_STONES} rowKey="row" />
      );
    }
    case 'hilo':
      return <HiloStateView state={state as HiloState} />;
    case 'coinflip':
      return <CoinflipStateView state={state as CoinflipState} />;
    case 'blackjack':
      return <BlackjackStateView state={state as BlackjackState} />;
    case 'videopoker':
      return <VideoPokerStateView state={state as VideoPokerState} />;
    default:
      return (
        <div className="pg-field">
          <span className="fv-muted">{t('fairnessUi.extended.view.state')}</span>
          <pre className="fv-json-view">{JSON.stringify(state, null, 2)}</pre>
        </div>
      );
  }
}

/** Up to 8 decimals, trailing zeros dropped. */
function short(value: Parameters<typeof ratioToDecimal>[0]): string {
  return ratioToDecimal(value, 8).replace(/\.?0+$/, '');
}

/** How the round ended, what the base wager pays and (when not 1) what was staked. */
export function ExtendedFacts({ result }: { result: ExtendedVerifyResult }) {
  const { t } = useTranslation();
  const tone = result.ending === 'lose' ? 'is-loss' : result.ending === 'open' ? undefined : 'is-win';
  return (
    <div className="fv-stack">
      <div className="fv-facts fv-ext-facts">
        <div className="fv-fact">
          <span className="fv-fact__label">{t('fairnessUi.extended.ending.label')}</span>
          <span className={clsx('fv-fact__value', tone)} data-testid="verify-ending">
            {t(`fairnessUi.extended.ending.${result.ending}`)}
          </span>
        </div>
        <div className="fv-fact">
          <span className="fv-fact__label">{t('fairnessUi.extended.pays')}</span>
          <span className="fv-fact__value">{short(result.payout)}×</span>
        </div>
        {!eqRatio(result.stake, ONE_RATIO) && (
          <div className="fv-fact">
            <span className="fv-fact__label">{t('fairnessUi.extended.stake')}</span>
            <span className="fv-fact__value">{short(result.stake)}×</span>
          </div>
        )}
      </div>
      {result.ending === 'open' && <p className="fv-hint">{t('fairnessUi.extended.ending.openNote')}</p>}
    </div>
  );
}
