/**
 * Helpers of the game page e2e (games.spec.ts): fresh players funded with real money through the
 * development deposit route, the server's view of balances and bets, and what each game needs
 * before its first bet.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { call, solveCaptcha, uniqueSuffix } from './auth';

/** The currency the game tests bet in: 8 decimals and a price of 1 USD. */
export const GAME_CURRENCY = 'usdt';

export interface Player {
  _id: string;
  name: string;
  email: string;
  roles: { id: string }[];
  token: string;
}

export interface ServerBet {
  id: string;
  game: string;
  currency: string;
  demo: boolean;
  wager: string;
  multiplier: string;
  payout: string;
  profit: string;
  status: 'win' | 'lose';
  nonce: number;
  created_at: string;
}

/** A freshly registered player (each game test has its own, so seeds and history are its own). */
export async function registerPlayer(prefix: string): Promise<Player> {
  const name = `${prefix}_${uniqueSuffix()}`.slice(0, 20);
  const { user } = await call<{ user: Player }>('POST', '/auth/register', {
    email: `${name}@example.test`,
    name,
    password: `pw-${uniqueSuffix()}`,
    captcha: await solveCaptcha(),
  });
  return user;
}

/**
 * Broadcasts a deposit on the simulated chain (development only): the server's deposit job credits it
 * once its confirmations are in. Needs the server's data folder (E2E_DATA_DIR, set by global-setup).
 */
export async function simulateDeposit(user: string, currency: string, amount: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the development deposit token cannot be read');
  const token = fs.readFileSync(path.join(dataDir, 'dev-deposit.token'), 'utf8').trim();
  const res = await fetch(`${BASE_URL}/api/dev/simulateDeposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dev-deposit-token': token },
    body: JSON.stringify({ user, currency, amount }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The player's real balance of `currency` as the server has it (decimal string). */
export async function serverBalance(token: string, currency = GAME_CURRENCY): Promise<string> {
  const currencies = await call<Record<string, { balance: { real: string } }>>(
    'POST',
    '/api/data/currencies',
    {},
    token,
  );
  const entry = currencies[currency];
  if (!entry) throw new Error(`no currency ${currency}`);
  return entry.balance.real;
}

/** Waits until the deposit is credited (the real balance reaches `min`). */
export async function waitForBalance(token: string, min: number, currency = GAME_CURRENCY): Promise<void> {
  await expect
    .poll(async () => Number(await serverBalance(token, currency)), { timeout: 90_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(min);
}

/** The player's real bets of `game`, newest first. */
export async function serverBets(token: string, game: string): Promise<ServerBet[]> {
  const { bets } = await call<{ bets: ServerBet[] }>(
    'POST',
    '/api/games/history',
    { game, demo: false, limit: 100 },
    token,
  );
  return bets;
}

/**
 * What the header pill (and the game sidebar) shows for a balance: the currency's precision, up to 8
 * decimals, trailing zeros trimmed down to 2 (`0.009`, `12.50`), truncated.
 */
export function headerAmount(balance: string): string {
  const [whole = '0', fraction = ''] = balance.split('.');
  return `${whole}.${fraction.slice(0, 8).replace(/0+$/, '').padEnd(2, '0')}`;
}

/** Signs the page in as `player` and selects the game currency (before any script runs). */
export async function signInAs(page: Page, player: Player, currency = GAME_CURRENCY): Promise<void> {
  await page.addInitScript(
    ({ user, currency: id }) => {
      localStorage.setItem('nebula:user', JSON.stringify(user));
      localStorage.setItem('nebula:settings', JSON.stringify({ state: { currency: id }, version: 1 }));
    },
    { user: player, currency },
  );
}

export interface GameCase {
  id: string;
  /** A stake game: the wager input is read-only and the board's chips make the bet. */
  stakes: boolean;
  /** What the game needs before a bet (picks, chips). */
  setup?: (page: Page) => Promise<void>;
}

/** The eight in-house games and how a player gets each one ready to bet. */
export const GAME_CASES: GameCase[] = [
  { id: 'dice', stakes: false },
  { id: 'limbo', stakes: false },
  { id: 'plinko', stakes: false },
  {
    id: 'keno',
    stakes: false,
    setup: async (page) => {
      for (const square of [1, 2, 3, 4, 5]) await page.getByTestId(`keno-cell-${square}`).click();
    },
  },
  { id: 'wheel', stakes: false },
  {
    id: 'roulette',
    stakes: true,
    setup: async (page) => {
      await page.getByTestId('roulette-chip-10').click();
      await page.getByTestId('roulette-bet-red').click();
    },
  },
  { id: 'diamonds', stakes: false },
  {
    id: 'baccarat',
    stakes: true,
    setup: async (page) => {
      await page.getByTestId('baccarat-chip-10').click();
      await page.getByTestId('baccarat-bet-player').click();
    },
  },
];
