/**
 * The simulated feed's model (decision 0028): a seeded Poisson model of team strengths. Each team has an
 * attack and a defence strength drawn from the seed; a match's expected goals are the sport's average
 * split by those strengths and a home advantage; goals arrive minute by minute from the same rates; the
 * markets are priced from the distribution of the remaining goals added to the current score. Prices
 * (thousandths) are the fair odds less the margin, rounded down; the money math never sees a float.
 */
import { createHash } from 'node:crypto';
import { MAX_ODDS, MIN_ODDS, ODDS_SCALE, type SportLegResult } from '@nebula/contracts';

/** A uniform number in [0, 1) from the seed and the keys: the same inputs give the same number. */
export function uniform(seed: string, ...keys: (string | number)[]): number {
  const h = createHash('sha256')
    .update([seed, ...keys].join(':'))
    .digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

export interface Strength {
  attack: number;
  defence: number;
}

/** A team's strengths (0.7 to 1.35 each, defence lower is better). */
export function teamStrength(seed: string, team: string): Strength {
  return {
    attack: 0.7 + 0.65 * uniform(seed, 'attack', team),
    defence: 0.7 + 0.65 * uniform(seed, 'defence', team),
  };
}

export const HOME_ADVANTAGE = 1.15;

/** Expected goals of a whole match for each side. */
export function expectedGoals(
  avgGoals: number,
  home: Strength,
  away: Strength,
): { home: number; away: number } {
  const half = avgGoals / 2;
  return {
    home: half * home.attack * away.defence * HOME_ADVANTAGE,
    away: (half * away.attack * home.defence) / HOME_ADVANTAGE,
  };
}

const MAX_GOALS = 15;

function poisson(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= MAX_GOALS; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** The probability of each final score (home, away) given the current score and the remaining rates. */
export function finalScores(
  score: { home: number; away: number },
  remaining: { home: number; away: number },
): { home: number; away: number; p: number }[] {
  const h = poisson(Math.max(remaining.home, 0));
  const a = poisson(Math.max(remaining.away, 0));
  const out: { home: number; away: number; p: number }[] = [];
  for (let i = 0; i <= MAX_GOALS; i++)
    for (let j = 0; j <= MAX_GOALS; j++)
      out.push({ home: score.home + i, away: score.away + j, p: h[i]! * a[j]! });
  return out;
}

/** One market of the feed: its template, specifiers and outcomes (key and name). */
export interface MarketShape {
  template: string;
  specifiers: Record<string, string>;
  name: string;
  outcomes: { key: string; name: string }[];
}

/** A half line (x.5) or whole line against a margin of goals: won, void (push) or lost. */
function lineResult(diff: number): SportLegResult {
  return diff > 0 ? 'won' : diff === 0 ? 'void' : 'lost';
}

/** An Asian line (x.0, x.25, x.5, x.75): split quarter lines into their two halves. */
function asian(margin: (line: number) => number, line: number): SportLegResult {
  const quarters = Math.round(line * 4);
  if (quarters % 2 === 0) return lineResult(margin(line));
  const a = lineResult(margin(line - 0.25));
  const b = lineResult(margin(line + 0.25));
  if (a === b) return a;
  const pair = [a, b].sort().join('+');
  if (pair === 'void+won') return 'half_won';
  if (pair === 'lost+void') return 'half_lost';
  return 'void';
}

/** The result of an outcome of one of the model's markets for a final score. */
export function outcomeResult(
  template: string,
  specifiers: Record<string, string>,
  key: string,
  home: number,
  away: number,
): SportLegResult {
  switch (template) {
    case '1x2':
      return (key === '1' && home > away) || (key === 'x' && home === away) || (key === '2' && home < away)
        ? 'won'
        : 'lost';
    case 'total': {
      const line = Number(specifiers.total);
      return key === 'over' ? asian((l) => home + away - l, line) : asian((l) => l - (home + away), line);
    }
    case 'handicap': {
      // hcp applies to the home side; the away side takes its opposite.
      const hcp = Number(specifiers.hcp);
      return key === '1' ? asian((l) => home + l - away, hcp) : asian((l) => away - l - home, hcp);
    }
    case 'btts': {
      const both = home > 0 && away > 0;
      return (key === 'yes') === both ? 'won' : 'lost';
    }
    default:
      return 'void';
  }
}

const fmtLine = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** The markets the model offers for a sport whose matches average `avgGoals`. */
export function marketShapes(avgGoals: number, home: string, away: string): MarketShape[] {
  const base = Math.floor(avgGoals) + 0.5;
  const totals = [base - 1, base, base + 1];
  const shapes: MarketShape[] = [
    {
      template: '1x2',
      specifiers: {},
      name: '1x2',
      outcomes: [
        { key: '1', name: home },
        { key: 'x', name: 'Draw' },
        { key: '2', name: away },
      ],
    },
    ...totals.map((t) => ({
      template: 'total',
      specifiers: { total: String(t) },
      name: `Total ${t}`,
      outcomes: [
        { key: 'over', name: `Over ${t}` },
        { key: 'under', name: `Under ${t}` },
      ],
    })),
  ];
  const quarter = base - 0.25;
  shapes.push({
    template: 'total',
    specifiers: { total: String(quarter) },
    name: `Asian total ${quarter}`,
    outcomes: [
      { key: 'over', name: `Over ${quarter}` },
      { key: 'under', name: `Under ${quarter}` },
    ],
  });
  for (const hcp of [-1.5, -0.75]) {
    shapes.push({
      template: 'handicap',
      specifiers: { hcp: String(hcp) },
      name: `Handicap ${fmtLine(hcp)}`,
      outcomes: [
        { key: '1', name: `${home} ${fmtLine(hcp)}` },
        { key: '2', name: `${away} ${fmtLine(-hcp)}` },
      ],
    });
  }
  shapes.push({
    template: 'btts',
    specifiers: {},
    name: 'Both teams to score',
    outcomes: [
      { key: 'yes', name: 'Yes' },
      { key: 'no', name: 'No' },
    ],
  });
  return shapes;
}

/** A priced outcome: odds in thousandths, and whether it is worth offering (not a near certainty). */
export interface Priced {
  key: string;
  odds: number;
  active: boolean;
}

/**
 * Prices one market from the final-score distribution: each outcome's fair odds solve "expected return
 * = 1" over its won / half / void / lost results, then the margin (basis points) is taken off and the
 * odds rounded down to the thousandth. Outcomes that are near certain (either way) are not offered.
 */
export function priceMarket(
  shape: MarketShape,
  dist: readonly { home: number; away: number; p: number }[],
  marginBps: number,
): Priced[] {
  return shape.outcomes.map(({ key }) => {
    let win = 0;
    let halfWin = 0;
    let push = 0;
    let halfLost = 0;
    for (const d of dist) {
      const r = outcomeResult(shape.template, shape.specifiers, key, d.home, d.away);
      if (r === 'won') win += d.p;
      else if (r === 'half_won') halfWin += d.p;
      else if (r === 'void') push += d.p;
      else if (r === 'half_lost') halfLost += d.p;
    }
    const winning = win + halfWin / 2;
    const back = 1 - halfWin / 2 - push - halfLost / 2;
    const fair = winning > 0 ? back / winning : Infinity;
    const raw = Math.floor((fair * ODDS_SCALE * 10_000) / (10_000 + marginBps));
    const odds = Number.isFinite(raw) ? Math.min(Math.max(raw, MIN_ODDS), MAX_ODDS) : MAX_ODDS;
    const active = winning > 0.01 && winning < 0.97 && odds > MIN_ODDS && odds < MAX_ODDS;
    return { key, odds, active };
  });
}
