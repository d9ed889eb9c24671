/**
 * The sportsbook (issue G9; spec 1 sections 2 and 5, spec 2 "Sportsbook sidebar", spec 3 sections 3, 8
 * and 9): the sports of the sidebar with their slugs, bet statuses, slip limits, the slip's error codes
 * and texts, and the odds formats. Zod-free: server and web share these values.
 *
 * Odds are exact integers everywhere: decimal odds in thousandths (`1850` is 1.85; {@link ODDS_SCALE}),
 * never floats. A bet's payout is stake x the product of its legs' effective odds, computed with
 * integers and rounded down to the currency's atomic unit once, at the end.
 */

/** Decimal odds travel as integers: odds x ODDS_SCALE (1.85 -> 1850). The smallest odds are 1.001. */
export const ODDS_SCALE = 1000;
export const MIN_ODDS = 1001;
/** The highest odds an outcome may have (1000.00). */
export const MAX_ODDS = 1_000_000;

/** SPORTS or ESPORTS (spec 1 section 2: a sportType parameter `sport` means SPORTS, otherwise ESPORTS). */
export const sportTypes = ['SPORTS', 'ESPORTS'] as const;
export type SportType = (typeof sportTypes)[number];

/** One sport of the sidebar. `key` is the sidebar item and the `{sportLink}` of event pages (`soccer-1`). */
export interface SportDefinition {
  /** The number of the sidebar slug (`soccer-1` -> 1); null for the one sport whose slug has none. */
  readonly id: number | null;
  readonly key: string;
  readonly name: string;
  readonly type: SportType;
}

const s = (key: string, name: string, type: SportType = 'SPORTS'): SportDefinition => {
  const n = /-(\d+)$/.exec(key)?.[1];
  return { id: n === undefined ? null : Number(n), key, name, type };
};

/**
 * The sports of the sidebar in the spec's order (spec 2 "Sportsbook sidebar"; the spec's slugs
 * exactly, `blathon-44` included). Esports: FIFA, Counter-Strike and the e-sports numbered 300 and up.
 */
export const SPORTS: readonly SportDefinition[] = [
  s('soccer-1', 'Soccer'),
  s('basketball-2', 'Basketball'),
  s('tennis-5', 'Tennis'),
  s('fifa-300', 'FIFA', 'ESPORTS'),
  s('ice-hockey-4', 'Ice Hockey'),
  s('counter-strike-109', 'Counter-Strike', 'ESPORTS'),
  s('table-tennis-20', 'Table Tennis'),
  s('volleyball-23', 'Volleyball'),
  s('baseball-3', 'Baseball'),
  s('handball-6', 'Handball'),
  s('floorball', 'Floorball'),
  s('golf-9', 'Golf'),
  s('boxing-10', 'Boxing'),
  s('rugby-12', 'Rugby'),
  s('aussie-rules-13', 'Aussie Rules'),
  s('bandy-15', 'Bandy'),
  s('american-football-16', 'American Football'),
  s('cycling-17', 'Cycling'),
  s('specials-18', 'Specials'),
  s('snooker-19', 'Snooker'),
  s('cricket-21', 'Cricket'),
  s('darts-22', 'Darts'),
  s('waterpolo-26', 'Waterpolo'),
  s('futsal-29', 'Futsal'),
  s('badminton-31', 'Badminton'),
  s('bowls-32', 'Bowls'),
  s('squash-37', 'Squash'),
  s('formula-1-40', 'Formula 1'),
  s('alpine-skiing-43', 'Alpine Skiing'),
  s('blathon-44', 'Biathlon'),
  s('ski-jumping-48', 'Ski Jumping'),
  s('freestyle-65', 'Freestyle'),
  s('rally-101', 'Rally'),
  s('mma-117', 'MMA'),
  s('gaelic-football-135', 'Gaelic Football'),
  s('gaelic-hurling-136', 'Gaelic Hurling'),
  s('kabaddi-138', 'Kabaddi'),
  s('stock-car-racing-191', 'Stock Car Racing'),
  s('erocket-league-301', 'eRocket League', 'ESPORTS'),
  s('ehorse-racing-315', 'eHorse Racing', 'ESPORTS'),
  s('nba-2k19-302', 'NBA 2K19', 'ESPORTS'),
  s('ao-tennis-2-303', 'AO Tennis 2', 'ESPORTS'),
  s('efighting-304', 'eFighting', 'ESPORTS'),
  s('ecricket-305', 'eCricket', 'ESPORTS'),
  s('ebaseball-306', 'eBaseball', 'ESPORTS'),
  s('fifa18-penalty-307', 'FIFA18 Penalty', 'ESPORTS'),
  s('fifa22-volta-309', 'FIFA22 Volta', 'ESPORTS'),
];

/** The sidebar's items in the spec's order: three views, then the sports. 'bets' is for signed-in players. */
export const SPORT_SIDEBAR_VIEWS = ['bets', 'live', 'favorites'] as const;
export type SportSidebarView = (typeof SPORT_SIDEBAR_VIEWS)[number];
export const SPORT_SIDEBAR_ITEMS: readonly string[] = [...SPORT_SIDEBAR_VIEWS, ...SPORTS.map((x) => x.key)];

/** The sport of a sidebar key or `{sportLink}`, if it is one. */
export const sportByKey = (key: string): SportDefinition | undefined => SPORTS.find((x) => x.key === key);

/** Event statuses (issue G9 item 1). `ended`: full time, results pending; `closed`: settled. */
export const sportEventStatuses = [
  'not_started',
  'live',
  'ended',
  'closed',
  'cancelled',
  'postponed',
] as const;
export type SportEventStatus = (typeof sportEventStatuses)[number];

/**
 * Market statuses. `active`: takes bets; `suspended`: a bet stop (a goal, a red card...), back soon;
 * `deactivated`: withdrawn for good without a result (bets on it are voided); `settled`; `cancelled`.
 */
export const sportMarketStatuses = ['active', 'suspended', 'deactivated', 'settled', 'cancelled'] as const;
export type SportMarketStatus = (typeof sportMarketStatuses)[number];

/** A bet slip bet's status (spec 3 section 3): 0 pending, 1 refunded, 2 won, 3 lost. */
export const SportBetStatus = { Pending: 0, Refunded: 1, Won: 2, Lost: 3 } as const;
export type SportBetStatus = (typeof SportBetStatus)[keyof typeof SportBetStatus];

/** Spec 3 section 3: a slip bet's type. */
export const sportBetTypes = ['single', 'multi'] as const;
export type SportBetType = (typeof sportBetTypes)[number];

/**
 * What one leg's result does to its odds (issue G9 item 4): `won` pays the odds, `lost` pays nothing,
 * `void` pays 1, `half_won` pays (1 + odds) / 2, `half_lost` pays 1/2, `dead_heat` pays the odds x the
 * leg's dead-heat factor.
 */
export const sportLegResults = [
  'pending',
  'won',
  'lost',
  'void',
  'half_won',
  'half_lost',
  'dead_heat',
] as const;
export type SportLegResult = (typeof sportLegResults)[number];

/**
 * What the player accepts when odds move between the slip and the bet (a per-player preference): `none`
 * refuses any change, `higher` takes better odds only, `any` takes every change. The bet is always made
 * at the odds in force when it is accepted.
 */
export const oddsChangePolicies = ['none', 'higher', 'any'] as const;
export type OddsChangePolicy = (typeof oddsChangePolicies)[number];
export const DEFAULT_ODDS_CHANGE_POLICY: OddsChangePolicy = 'none';

/**
 * The slip's limits (spec 3 section 9: "sportsbook slip min $1, max $20"), in USD value of the stake;
 * operator settings `sports.min_bet_usd` / `sports.max_bet_usd` default to them. A multi has at most
 * {@link MAX_MULTI_LEGS} legs, and a player at most `sports.max_pending_multi` pending multi bets.
 */
export const SPORT_SLIP_LIMITS = { minUsd: '1', maxUsd: '20' } as const;
export const MAX_MULTI_LEGS = 20;
export const MIN_MULTI_LEGS = 2;
export const DEFAULT_MAX_PENDING_MULTI = 10;

/**
 * The bet slip's errors (spec 3 section 8 "Sportsbook bet slip errors", issue G9 item 3): every one
 * comes as `{code, message}` with these codes. The spec quotes "You're too fast", "Min $1" and "Max $20"
 * (the two limits follow the operator's settings); the other texts are ours.
 */
export const SportSlipErrorCode = {
  FailedToQueue: 'sport_failed_to_queue',
  InvalidQueueId: 'sport_invalid_queue_id',
  TooEarly: 'sport_too_early',
  TooLate: 'sport_too_late',
  OddsChanged: 'sport_odds_changed',
  OptionClosed: 'sport_option_closed',
  NoBalance: 'sport_no_balance',
  BetTooLow: 'sport_bet_too_low',
  BetTooHigh: 'sport_bet_too_high',
  NoDoubleBets: 'sport_no_double_bets',
  TooManyMultiBets: 'sport_too_many_multi_bets',
  /** Ours: two legs of one event in a multi. */
  SameEvent: 'sport_same_event',
  /** Ours: the bet would take the market over its liability cap. */
  LiabilityCap: 'sport_liability_cap',
  /** Ours: the potential payout is over the max payout per bet. */
  MaxPayout: 'sport_max_payout',
  /** Ours: simulated events take no real-money bets unless the operator allows it. */
  SimulatedRealMoney: 'sport_simulated_real_money',
  /** Ours: the cash-out offer changed or is gone (re-checked on accept). */
  CashOutChanged: 'sport_cash_out_changed',
  CashOutUnavailable: 'sport_cash_out_unavailable',
} as const;
export type SportSlipErrorCode = (typeof SportSlipErrorCode)[keyof typeof SportSlipErrorCode];

/** The texts of {@link SportSlipErrorCode} (the limits' texts are built by {@link sportLimitText}). */
export const SportSlipMessages = {
  failedToQueue: 'Failed to queue your bet. Please try again.',
  invalidQueueId: 'Invalid queue id.',
  tooEarly: "You're too fast",
  tooLate: 'Too late: the bet was not confirmed in time.',
  oddsChanged: 'Odds changed.',
  optionClosed: 'This option is closed.',
  noBalance: 'Not enough balance.',
  noDoubleBets: 'You already have a pending bet on this option.',
  tooManyMultiBets: 'Too many multi bets.',
  sameEvent: 'Two selections of one event cannot be combined.',
  liabilityCap: 'This bet is over the limit of the market.',
  maxPayout: 'The potential payout is over the max payout per bet.',
  simulatedRealMoney: 'Simulated events take demo bets only.',
  cashOutChanged: 'The cash-out offer changed.',
  cashOutUnavailable: 'Cash-out is not available for this bet.',
} as const;

/** "Min $1" / "Max $20" (spec 3 section 8), with the operator's limit in USD. */
export const sportLimitText = (kind: 'min' | 'max', usd: string): string =>
  `${kind === 'min' ? 'Min' : 'Max'} $${usd}`;

/** The local setting `oddsFormat` (spec 1 section 2: default decimal). */
export const oddsFormats = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof oddsFormats)[number];
export const DEFAULT_ODDS_FORMAT: OddsFormat = 'decimal';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Odds in thousandths shown in a format: decimal `1.85` (two places, three when needed), fractional `17/20`, American `-118` / `+250`
 * (American is rounded to a whole number, half away from zero, as bookmakers show it).
 */
export function formatOdds(odds: number, format: OddsFormat = DEFAULT_ODDS_FORMAT): string {
  if (!Number.isSafeInteger(odds) || odds < ODDS_SCALE) return '-';
  if (format === 'decimal') {
    const whole = Math.floor(odds / ODDS_SCALE);
    const frac = String(odds % ODDS_SCALE).padStart(3, '0');
    return `${whole}.${frac.endsWith('0') ? frac.slice(0, 2) : frac}`;
  }
  const profit = odds - ODDS_SCALE;
  if (format === 'fractional') {
    if (profit === 0) return '0/1';
    const d = gcd(profit, ODDS_SCALE);
    return `${profit / d}/${ODDS_SCALE / d}`;
  }
  if (profit === 0) return '+0';
  // American: +100 x (decimal - 1) at 2.00 and above, else -100 / (decimal - 1).
  if (odds >= 2 * ODDS_SCALE) return `+${Math.round((profit * 100) / ODDS_SCALE)}`;
  return `-${Math.round((100 * ODDS_SCALE) / profit)}`;
}

/** The realtime channel of the sportsbook's public events (odds changes, event status). */
export const SPORTSBOOK_CHANNEL = 'Sportsbook';
