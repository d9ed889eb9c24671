/**
 * The latest wins ticker's rules (spec 3 sections 4 and 9): at most 30 entries, 9 shown at first;
 * simulated fillers (every 5 to 10 s, up to 25) exist ONLY in demo mode and are always marked.
 * A win comes from a `LiveGame` event through the contract's `latestWinFromLiveGame`.
 */
import type { LatestWin } from '@nebula/contracts';
import { LATEST_WINS_MAX } from '@nebula/contracts/constants';

export const SIMULATED_LIMIT = 25;
export const FILLER_MIN_MS = 5000;
export const FILLER_MAX_MS = 10_000;

/** A ticker entry; `simulated` marks demo fillers (never real wins). */
export type TickerWin = LatestWin & { simulated?: true };

/** Puts a win first (once), keeps at most {@link LATEST_WINS_MAX}; simulated ones at most 25. */
export function addWin(list: readonly TickerWin[], win: TickerWin): TickerWin[] {
  const rest = list.filter((entry) => entry._id !== win._id);
  let next = [win, ...rest];
  if (win.simulated) {
    let simulated = 0;
    next = next.filter((entry) => !entry.simulated || ++simulated <= SIMULATED_LIMIT);
  }
  return next.slice(0, LATEST_WINS_MAX);
}

/** The pause before the next demo filler: 5 to 10 s. */
export function fillerDelay(random: () => number = Math.random): number {
  return FILLER_MIN_MS + Math.floor(random() * (FILLER_MAX_MS - FILLER_MIN_MS + 1));
}

const FILLER_GAMES = [
  ['dice', 'Dice'],
  ['limbo', 'Limbo'],
  ['plinko', 'Plinko'],
  ['keno', 'Keno'],
  ['wheel', 'Wheel'],
  ['roulette', 'Roulette'],
  ['diamonds', 'Diamonds'],
  ['baccarat', 'Baccarat'],
] as const;
const FILLER_NAMES = ['Nova', 'Orion', 'Lyra', 'Vega', 'Atlas', 'Luna', 'Sirius', 'Cosmo', 'Astra', 'Rigel'];

/** A demo-mode filler win, marked `simulated` (demo builds only: a real deployment never calls this). */
export function simulatedWin(seq: number, random: () => number = Math.random): TickerWin {
  const [game, name] = FILLER_GAMES[Math.floor(random() * FILLER_GAMES.length)]!;
  const player = FILLER_NAMES[Math.floor(random() * FILLER_NAMES.length)]!;
  const wagerCents = 100 + Math.floor(random() * 9900);
  const multiplierHundredths = 110 + Math.floor(random() * 4890);
  const payoutCents = Math.floor((wagerCents * multiplierHundredths) / 100);
  const cents = (v: number) => `${Math.floor(v / 100)}.${String(v % 100).padStart(2, '0')}`;
  const profit = cents(payoutCents - wagerCents);
  return {
    _id: `sim-${seq}`,
    game,
    name,
    ticker: null,
    image: `/api/img/games/${game}.svg`,
    player: {
      _id: '',
      name: `${player}${Math.floor(random() * 90) + 10}`,
      avatar: null,
      private_bets: false,
    },
    multiplier: cents(multiplierHundredths),
    usdProfit: profit,
    profit,
    currency: 'usdt',
    splitTotal: cents(wagerCents),
    payout: cents(payoutCents),
    winType: 'game',
    simulated: true,
  };
}
