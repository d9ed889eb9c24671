/**
 * The verified outcome, drawn per game: dice roll on its scale, limbo result, plinko path and slot,
 * keno board, wheel segment, roulette pocket, diamonds gems, baccarat hands. Only reads the outcome
 * `verify()` returned; the numbers come from `@nebula/games` tables.
 */
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { cardFromIndex } from '@nebula/fairness';
import {
  DIAMONDS_GEMS,
  ROULETTE_RED,
  type BaccaratOutcome,
  type DiamondsOutcome,
  type DiceParams,
  type DiceOutcome,
  type KenoOutcome,
  type KenoParams,
  type LimboOutcome,
  type LimboParams,
  type PlinkoOutcome,
  type PlinkoParams,
  type RouletteOutcome,
  type RouletteParams,
  type VerifyResult,
  type WheelOutcome,
  type WheelParams,
  plinkoTable,
  ratioToDecimal,
  rouletteCovered,
  wheelLayout,
  wheelLayoutOf,
} from '@nebula/games';
import { hundredths } from './float-steps';
import './outcome-view.css';

const RED = new Set<number>(ROULETTE_RED);

/** Short multiplier for tables: up to 2 decimals, trailing zeros dropped. */
function short(value: Parameters<typeof ratioToDecimal>[0]): string {
  return ratioToDecimal(value, 2).replace(/\.?0+$/, '');
}

function Fact({ label, value, tone }: { label: string; value: string; tone?: 'win' | 'loss' }) {
  return (
    <div className="fv-fact">
      <span className="fv-fact__label">{label}</span>
      <span className={clsx('fv-fact__value', tone && `is-${tone}`)}>{value}</span>
    </div>
  );
}

function DiceView({ params, outcome, win }: { params: DiceParams; outcome: DiceOutcome; win: boolean }) {
  const { t } = useTranslation();
  const targetPct = params.target / 100;
  return (
    <div className="fv-dice">
      <div className="fv-facts">
        <Fact
          label={t('fairnessUi.outcome.dice.roll')}
          value={hundredths(outcome.roll)}
          tone={win ? 'win' : 'loss'}
        />
        <Fact
          label={t('fairnessUi.outcome.dice.target')}
          value={t(`fairnessUi.outcome.dice.${params.condition}`, { target: hundredths(params.target) })}
        />
      </div>
      <div className="fv-dice__track" aria-hidden="true">
        <div
          className={clsx('fv-dice__zone', `is-${params.condition}`)}
          style={params.condition === 'under' ? { width: `${targetPct}%` } : { left: `${targetPct}%` }}
        />
        <div
          className={clsx('fv-dice__marker', win ? 'is-win' : 'is-loss')}
          style={{ left: `${outcome.roll / 100}%` }}
        >
          {hundredths(outcome.roll)}
        </div>
      </div>
      <div className="fv-dice__scale" aria-hidden="true">
        {['0', '25', '50', '75', '100'].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </div>
  );
}

function LimboView({ params, outcome, win }: { params: LimboParams; outcome: LimboOutcome; win: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="fv-facts">
      <Fact
        label={t('fairnessUi.outcome.limbo.result')}
        value={`${hundredths(outcome.result)}×`}
        tone={win ? 'win' : 'loss'}
      />
      <Fact label={t('fairnessUi.outcome.limbo.target')} value={`${hundredths(params.target)}×`} />
    </div>
  );
}

function PlinkoView({
  params,
  outcome,
  edge,
}: {
  params: PlinkoParams;
  outcome: PlinkoOutcome;
  edge: number;
}) {
  const { t } = useTranslation();
  const table = plinkoTable(params.rows, params.risk, edge);
  return (
    <div className="fv-stack">
      <div className="fv-path" aria-label={t('fairnessUi.outcome.plinko.path')}>
        {outcome.path.map((step, i) => (
          <span key={i} className={clsx('fv-path__step', step === 1 ? 'is-right' : 'is-left')}>
            {step === 1 ? 'R' : 'L'}
          </span>
        ))}
      </div>
      <p className="fv-muted">
        {t('fairnessUi.outcome.plinko.slot', { slot: outcome.bucket, count: params.rows + 1 })}
      </p>
      <div className="fv-slots">
        {table.map((value, i) => (
          <span key={i} className={clsx('fv-slot', i === outcome.bucket && 'is-hit')}>
            {short(value)}×
          </span>
        ))}
      </div>
    </div>
  );
}

function KenoView({ params, outcome }: { params: KenoParams; outcome: KenoOutcome }) {
  const { t } = useTranslation();
  const picks = new Set(params.picks);
  const drawn = new Set(outcome.drawn);
  return (
    <div className="fv-stack">
      <div className="fv-keno" role="grid" aria-label={t('fairnessUi.outcome.keno.board')}>
        {Array.from({ length: 40 }, (_, i) => i + 1).map((square) => (
          <span
            key={square}
            role="gridcell"
            className={clsx(
              'fv-keno__cell',
              picks.has(square) && 'is-picked',
              drawn.has(square) && 'is-drawn',
              picks.has(square) && drawn.has(square) && 'is-hit',
            )}
          >
            {square}
          </span>
        ))}
      </div>
      <p className="fv-muted">
        {t('fairnessUi.outcome.keno.summary', {
          drawn: outcome.drawn.join(', '),
          count: outcome.hits.length,
          picks: params.picks.length,
        })}
      </p>
    </div>
  );
}

function WheelView({ params, outcome, edge }: { params: WheelParams; outcome: WheelOutcome; edge: number }) {
  const { t } = useTranslation();
  const layout = wheelLayout(params.segments, params.risk, edge, wheelLayoutOf(params));
  return (
    <div className="fv-stack">
      <div className="fv-facts">
        <Fact label={t('fairnessUi.outcome.wheel.segment')} value={`#${outcome.segment}`} />
        <Fact
          label={t('fairnessUi.outcome.wheel.pays')}
          value={`${short(layout[outcome.segment] ?? { num: 0n, den: 1n })}×`}
        />
      </div>
      <div className="fv-wheel" aria-hidden="true">
        {layout.map((value, i) => (
          <span
            key={i}
            className={clsx(
              'fv-wheel__seg',
              value.num === 0n && 'is-zero',
              i === outcome.segment && 'is-hit',
            )}
            title={`#${i}: ${short(value)}×`}
          />
        ))}
      </div>
    </div>
  );
}

function pocketColour(n: number): 'green' | 'red' | 'black' {
  return n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
}

function RouletteView({ params, outcome }: { params: RouletteParams; outcome: RouletteOutcome }) {
  const { t } = useTranslation();
  const colour = pocketColour(outcome.number);
  return (
    <div className="fv-stack">
      <div className="fv-row">
        <span className={clsx('fv-pocket', `is-${colour}`)}>{outcome.number}</span>
        <span className="fv-strong">{t(`fairnessUi.outcome.roulette.${colour}`)}</span>
      </div>
      <ul className="fv-placements" role="list">
        {params.placements.map((placement, i) => {
          const won = rouletteCovered(placement).includes(outcome.number);
          const detail =
            'numbers' in placement
              ? placement.numbers.join(', ')
              : 'index' in placement
                ? String(placement.index)
                : '';
          return (
            <li key={i} className={clsx('fv-placement', won && 'is-win')}>
              <span>
                {t(`fairnessUi.outcome.roulette.bets.${placement.type}`)}
                {detail && <span className="fv-mono"> {detail}</span>}
              </span>
              <span className="fv-mono">{placement.amount}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function DiamondsView({ outcome }: { outcome: DiamondsOutcome }) {
  const { t } = useTranslation();
  return (
    <div className="fv-stack">
      <div className="fv-gems">
        {outcome.gems.map((gem, i) => {
          const name = DIAMONDS_GEMS[gem] ?? 'green';
          return (
            <span
              key={i}
              className={clsx('fv-gem', `is-${name}`)}
              title={t(`fairnessUi.outcome.diamonds.gems.${name}`)}
            >
              <svg viewBox="0 0 24 24" width="34" height="34" aria-hidden="true">
                <path d="M6 3h12l4 6-10 12L2 9z" fill="currentColor" />
                <path d="M2 9h20M9 3l3 6 3-6M12 21 9 9m3 12 3-12" stroke="rgb(0 0 0 / 0.25)" fill="none" />
              </svg>
              <span className="fv-gem__name">{t(`fairnessUi.outcome.diamonds.gems.${name}`)}</span>
            </span>
          );
        })}
      </div>
      <p className="fv-strong">{t(`fairnessUi.outcome.diamonds.patterns.${outcome.pattern}`)}</p>
    </div>
  );
}

/** A playing card face (index 0..51 in the `@nebula/fairness` order); `className` adds states. */
export function PlayingCard({ index, className }: { index: number; className?: string }) {
  const card = cardFromIndex(index);
  const red = card.suit === 'diamonds' || card.suit === 'hearts';
  return (
    <span className={clsx('fv-pcard', red && 'is-red', className)} title={card.label}>
      <span className="fv-pcard__rank">{card.rank}</span>
      <span className="fv-pcard__suit">{card.label.slice(0, 1)}</span>
    </span>
  );
}

function BaccaratView({ outcome }: { outcome: BaccaratOutcome }) {
  const { t } = useTranslation();
  const hand = (side: 'player' | 'banker', cards: readonly number[], total: number) => (
    <div className={clsx('fv-hand', outcome.winner === side && 'is-winner')}>
      <div className="fv-hand__head">
        <span>{t(`fairnessUi.outcome.baccarat.role.${side}`)}</span>
        <span className="fv-hand__total">{total}</span>
      </div>
      <div className="fv-hand__cards">
        {cards.map((card, i) => (
          <PlayingCard key={i} index={card} />
        ))}
      </div>
    </div>
  );
  return (
    <div className="fv-stack">
      <div className="fv-hands">
        {hand('player', outcome.player, outcome.playerTotal)}
        {hand('banker', outcome.banker, outcome.bankerTotal)}
      </div>
      <p className="fv-strong">{t(`fairnessUi.outcome.baccarat.winner.${outcome.winner}`)}</p>
    </div>
  );
}

/** The game's outcome, readable. `win` means the multiplier is above 0. */
export function OutcomeView({ result }: { result: VerifyResult }) {
  const win = result.multiplier.num > 0n;
  const edge = result.houseEdgeBps;
  const p = result.params as never;
  const o = result.outcome as never;
  switch (result.gameId) {
    case 'dice':
      return <DiceView params={p} outcome={o} win={win} />;
    case 'limbo':
      return <LimboView params={p} outcome={o} win={win} />;
    case 'plinko':
      return <PlinkoView params={p} outcome={o} edge={edge} />;
    case 'keno':
      return <KenoView params={p} outcome={o} />;
    case 'wheel':
      return <WheelView params={p} outcome={o} edge={edge} />;
    case 'roulette':
      return <RouletteView params={p} outcome={o} />;
    case 'diamonds':
      return <DiamondsView outcome={o} />;
    case 'baccarat':
      return <BaccaratView outcome={o} />;
    default:
      return null;
  }
}
