import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_CHANNEL, EXTERNAL_SPORT_OPERATIONS } from '@nebula/contracts';
import { createUser, type TestUser } from './helpers/factories.js';
import { fundedPlayer } from './helpers/players.js';
import { blockPlayer } from './helpers/protection.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TRX } from './helpers/withdrawals.js';

/**
 * Route x state (decision 0025): during a time-out and during a self-exclusion the account is
 * withdraw-only. Every registered endpoint and whisper is classified here (a new one fails the test
 * until it is): the ones that move money or play must answer the block's 403 (`timed_out` /
 * `self_excluded`) to a request that an unblocked player gets through; withdrawals, sign-in and the
 * rest (reads, settings, chat, protection itself) stay open. Without a block the same requests pass
 * the block check.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ WS_RATE_PER_SEC: '10000', WS_RATE_BURST: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const USDT = 100_000_000n;
let seq = 0;
const requestId = () => `route-state-${Date.now()}-${++seq}`;

/** What a blocked player must be refused, with a request that is valid otherwise. */
const MOVES_MONEY: Record<string, (ctx: { other: TestUser }) => unknown> = {
  'POST /api/wallet/demo/topup': () => ({ currency: 'usdt' }),
  'POST /api/wallet/getDepositWallet': () => ({ currency: 'eth', chain: 'eth' }),
  'POST /api/chat/tip': ({ other }) => ({
    name: other.name,
    amount: '1',
    currency: 'usdt',
    requestId: requestId(),
  }),
  'POST /api/chat/rain': () => ({
    amount: '1',
    users: 1,
    currency: 'usdt',
    channel: DEFAULT_CHAT_CHANNEL,
    requestId: requestId(),
  }),
  'whisper Play': () => ({
    api_id: 'dice',
    bet: '1',
    demo: false,
    currency: 'usdt',
    quick: true,
    data: { target: 5000, condition: 'over' },
  }),
  'whisper CrashBet': () => ({ bet: '1', currency: 'usdt', data: {} }),
  'POST /api/sports/bet': () => ({
    type: 'single',
    selections: [{ outcome: '1', odds: 1850 }],
    stake: '1',
    currency: 'usdt',
    demo: false,
    requestId: requestId(),
  }),
  'POST /api/sports/bet/confirm': () => ({ queueId: '1' }),
  // Promo codes credit money from promotions (G7 item 1).
  'POST /api/promocode/activate': () => ({ code: 'ANY-CODE' }),
  'POST /api/promocode/promotion-banner-activate': () => ({ code: 'ANY-CODE' }),
  // Rakeback pays money in: a blocked player collects nothing (it waits for the block to end).
  'POST /api/data/claimRakeback': () => ({}),
  // The bonus wheel (its prize is bonus money) and the faucet (real money).
  'POST /api/promocode/ticket/spin': () => ({}),
  'POST /api/promocode/bonus': () => ({}),
};

/**
 * What stays open, and why. Withdrawals (and their cancel) are the point of withdraw-only; Finish,
 * CrashCashOut, CrashCancelBet and a sports cash-out only close a position opened before the block (money comes back);
 * the rest moves no money and plays nothing.
 */
const STAYS_OPEN = new Set([
  'POST /api/wallet/withdraw',
  'POST /api/wallet/cancel_withdraw',
  'whisper Finish',
  'whisper CrashCashOut',
  'whisper CrashCancelBet',
  'POST /api/sports/cashout',
  // Reads, identity, settings, chat and protection itself.
  'POST /api/admin/settings',
  'POST /api/admin/settings/update',
  'POST /license',
  'POST /api/data/features',
  'POST /api/data/currencies',
  'POST /api/whisper',
  'POST /api/websocket/originals/getSecret',
  'GET /api/captcha/challenge',
  'GET /sanctum/csrf-cookie',
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/update',
  'POST /auth/loginViaToken',
  'GET /auth/logout',
  'POST /api/user/sessions',
  'POST /api/user/sessions/revoke',
  'POST /api/user/changePassword',
  'POST /api/profile/getUser',
  'POST /api/user/privacy',
  'POST /api/user/2fa/setup',
  'POST /api/user/2fa/enable',
  'POST /api/user/2fa/disable',
  'POST /api/user/2fa_validate',
  'POST /auth/metamask/nonce',
  'POST /auth/metamask/signature',
  'POST /api/telegram/generateToken',
  'POST /api/admin/outbox',
  // VIP progress and the deposit promotions are reads; opting in to a deposit bonus moves no money (the
  // deposit it waits for is refused during a block); forfeiting one's own bonus only takes bonus money away.
  'POST /api/vip',
  'POST /api/data/promotions/depositBonus',
  'POST /api/data/promotions/depositOptIn',
  'POST /api/cancelBonus',
  // Promo codes: the public list and the banners are reads; the staff screens move no money.
  'POST /api/promocode/listPublic',
  'POST /api/promotionBanners',
  'POST /api/admin/promocodes',
  'POST /api/admin/promocodes/create',
  'POST /api/admin/promocodes/disable',
  // The staff games screen: switches and edges, no money.
  'POST /api/admin/games',
  'POST /api/admin/games/update',
  // Rakeback reads (what can be claimed, the programme).
  'POST /api/data/rakeback',
  'POST /api/data/promotions/rakeback',
  // The promotions summary (/promotions, /rewards) is a read.
  'POST /api/data/promotions/summary',
  // Notifications move no money: the strip's list, dismissing, the staff screens.
  'POST /api/data/notifications',
  'POST /api/banner',
  'POST /api/data/notifications/dismiss',
  // The contact-info modal: the player's contact details and its snooze, no money.
  'POST /api/contactInfoModalSettings',
  'POST /api/profile/updateContactInfo',
  'POST /api/profile/snoozeContactInfo',
  'POST /api/admin/notifications',
  'POST /api/admin/notifications/create',
  'POST /api/admin/notifications/withdraw',
  // The wheel's tickets and prizes (a read; it may grant the registration tickets, which move no money).
  'POST /api/promocode/ticket/data',
  'POST /api/user/verifyEmail',
  'POST /api/user/confirmEmail',
  'POST /api/user/updateEmail',
  'POST /auth/resetPassword',
  'POST /auth/password/reset',
  'POST /api/admin/ledger/health',
  'POST /api/admin/dashboard',
  'POST /api/admin/promotions',
  'POST /api/wallet/history/withdraws',
  'POST /api/wallet/withdrawLimits',
  'POST /api/admin/withdraws',
  'POST /api/admin/withdraws/accept',
  'POST /api/admin/withdraws/decline',
  'GET /api/walletNotify/:currency/:txid',
  'POST /api/wallet/history/deposits',
  'POST /api/fairness/seeds',
  'POST /api/user/client_seed_change',
  'POST /api/fairness/rotate',
  'POST /api/protection',
  'POST /api/protection/limit',
  'POST /api/protection/session-limit',
  'POST /api/protection/reality-check',
  'POST /api/protection/confirm',
  'POST /api/protection/cancel',
  'POST /api/protection/time-out',
  'POST /api/protection/self-exclude',
  'POST /api/protection/session',
  'POST /api/protection/help',
  'POST /api/admin/protection',
  'POST /api/admin/protection/lift',
  'POST /api/games/history',
  'POST /api/data/gamesFilter',
  'GET /api/game-providers',
  'POST /api/data/providers',
  'POST /api/checkJurisdiction',
  'POST /api/games/favourites',
  'POST /api/games/favourite',
  'POST /api/slides',
  'GET /api/img/:kind/:file',
  'POST /api/data/latestGames',
  'POST /api/data/latestWins',
  'POST /api/leaderboard',
  'POST /api/chat/send',
  'POST /api/chat/history',
  'POST /api/chat/emoji/packs',
  'GET /api/chat/emoji/:pack/:file',
  'POST /api/user/ignore',
  'POST /api/user/unignore',
  'POST /api/user/find',
  'POST /api/chat/link_game',
  'POST /api/chat/like',
  'POST /api/chat/moderate/removeMessage',
  'POST /api/chat/moderate/removeAllFrom',
  'POST /api/chat/moderate/mute',
  'POST /api/chat/moderate/unmute',
  'POST /api/chat/moderate/quiz',
  'POST /api/admin/chat/audit',
  // The back office's chat moderation (staff acting on players' messages and mutes; no money moves).
  'POST /api/admin/chat/messages',
  'POST /api/admin/chat/remove',
  'POST /api/admin/chat/mute',
  'POST /api/admin/chat/unmute',
  'POST /api/admin/chat/mutes',
  'POST /api/admin/chat/rooms',
  'POST /api/admin/chat/slowMode',
  'POST /api/admin/chat/quiz/start',
  'POST /api/admin/chat/quiz/stop',
  'POST /api/admin/chat/rain',
  // The back office's fairness screen (read-only).
  'POST /api/admin/fairness/crash',
  'POST /api/admin/fairness/bet',
  'POST /api/chat/rain/rules',
  'POST /api/bonusBalance',
  'POST /api/admin/audit',
  // The back office's players: staff reads and actions on a player (the blocked player is not the caller).
  'POST /api/admin/users',
  'POST /api/admin/user',
  'POST /api/admin/user/balance',
  'POST /api/admin/user/signOut',
  'POST /api/admin/roles',
  'POST /api/admin/user/roles',
  'POST /api/admin/user/notes',
  'POST /api/admin/user/notes/add',
  'POST /api/admin/user/notes/delete',
  'POST /api/admin/user/ban',
  'POST /api/admin/user/unban',
  // The back office's payments: staff reads (deposits, held deposits, addresses, chains).
  'POST /api/admin/deposits',
  'POST /api/admin/deposits/held',
  'POST /api/admin/deposits/addresses',
  'POST /api/admin/chains',
  'POST /api/admin/currencies/update',
  'POST /api/admin/games/providers',
  'POST /api/admin/games/providers/update',
  'POST /api/sports/list',
  'POST /api/sports/events',
  'POST /api/sports/event',
  'POST /api/sports/bets',
  'POST /api/sports/cashout/offer',
  'POST /api/sports/preferences',
  'POST /api/sports/preferences/update',
  // Third-party games: their bets arrive by the aggregator's callback, which the stake policy refuses
  // during a block (checkStake), as a real-money launch is (the pre-bet read's block); images, legal
  // texts, the sports feed's staff tools and the local aggregator's own pages move nothing.
  'POST /api/slots/launch',
  'GET /api/legal/documents',
  'POST /api/admin/sports/feed',
  'POST /api/admin/sports/recording',
  'GET /api/img/sports/:file',
  'POST /api/slots/callback',
  'GET /api/slots/img/:uuid',
  'POST /api/debug/slotegrator/scenario',
  'GET /api/local-aggregator/games',
  'POST /api/local-aggregator/games/init',
  'POST /api/local-aggregator/games/init-demo',
  'GET /api/local-aggregator/play/:token',
  'POST /api/local-aggregator/spin',
  'POST /api/local-aggregator/rotate',
  // The external sportsbook: its stakes arrive by the provider's signed bet/make, which the stake
  // policy refuses during a block (checkStake), as the launch is; its results only pay or take back.
  'POST /api/external-sports/launch',
  'GET /api/external-sports/wallet/ping',
  ...EXTERNAL_SPORT_OPERATIONS.map((op) => `POST /api/external-sports/wallet/bet/${op}`),
  // The local sportsbook stands in for the provider: its bet is refused by bet/make (answered in the
  // provider's shape, 1005), its other routes move nothing.
  'GET /api/local-sportsbook/renderer',
  'POST /api/local-sportsbook/events',
  'POST /api/local-sportsbook/session',
  'POST /api/local-sportsbook/bet',
  'POST /api/local-sportsbook/bets',
  'POST /api/debug/local-sportsbook/settle',
  'POST /api/debug/sportsbook/scenario',
  'whisper Ping',
  'whisper OnlineUsers',
  'whisper RestoreData',
  'whisper Info',
  'whisper GameData',
  'whisper CrashState',
  'whisper CrashHistory',
  'whisper ChatMessage',
  'whisper ChatStickerMessage',
]);

/** Turn plays on: refused during a block, for a round opened before it (set up in the test). */
const TURN = 'whisper Turn';

function routes(): string[] {
  return [
    ...t.app.endpoints.map((e) => `${e.method} ${e.path}`),
    ...t.server.realtime.whispers.list().map((w) => `whisper ${w.event}`),
  ];
}

async function send(u: TestUser, route: string, data: unknown) {
  const headers = { authorization: `Bearer ${u.token}` };
  if (route.startsWith('whisper '))
    return t.app.inject({
      method: 'POST',
      url: '/api/whisper',
      headers,
      payload: { event: route.slice('whisper '.length), data } as Record<string, unknown>,
    });
  const [method, url] = route.split(' ') as ['POST', string];
  return t.app.inject({ method, url, headers, payload: data as Record<string, unknown> });
}

const codeOf = (res: { json(): unknown }) => (res.json() as { code?: unknown }).code;

describe('every route is classified', () => {
  it('as moving money (refused during a block), Turn, or staying open', () => {
    const unclassified = routes().filter((r) => !(r in MOVES_MONEY) && !STAYS_OPEN.has(r) && r !== TURN);
    expect(unclassified).toEqual([]);
    const gone = [...Object.keys(MOVES_MONEY), ...STAYS_OPEN, TURN].filter((r) => !routes().includes(r));
    expect(gone).toEqual([]);
  });
});

describe.each([
  ['self-exclusion', 'self_exclusion', 'self_excluded'],
  ['time-out', 'time_out', 'timed_out'],
] as const)('during a %s', (_name, type, code) => {
  it('every route that moves money or plays answers the typed 403; withdrawals and sign-in work', async () => {
    const [u] = await fundedPlayer(t.server, 100n * USDT, 10n * USDT);
    const other = await createUser(t.server.database);
    // A round opened before the block.
    const opened = await send(u, 'whisper Play', {
      api_id: 'mines',
      bet: '1',
      demo: false,
      currency: 'usdt',
      quick: true,
      data: { mines: 3 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const roundId = (opened.json() as { id: string }).id;

    await blockPlayer(t.server.database, u.id, '7 days', type);
    for (const [route, body] of Object.entries(MOVES_MONEY)) {
      const res = await send(u, route, body({ other }));
      expect([res.statusCode, codeOf(res)], `${route}: ${res.body}`).toEqual([403, code]);
    }
    const turn = await send(u, TURN, { api_id: 'mines', id: roundId, data: { random: true } });
    expect([turn.statusCode, codeOf(turn)], turn.body).toEqual([403, code]);
    // Closing the round opened before still works (the stake comes back or is paid).
    const finish = await send(u, 'whisper Finish', { api_id: 'mines', id: roundId });
    expect(finish.statusCode, finish.body).toBe(200);

    // A tip TO a blocked player is refused without saying why.
    const [sender] = await fundedPlayer(t.server, 10n * USDT);
    const tip = await send(sender, 'POST /api/chat/tip', {
      name: u.name,
      amount: '1',
      currency: 'usdt',
      requestId: requestId(),
    });
    expect([tip.statusCode, codeOf(tip)]).toEqual([403, 'recipient_unavailable']);

    // Withdraw-only: a withdrawal goes through.
    const out = await send(u, 'POST /api/wallet/withdraw', {
      sum: '20',
      currency: 'usdt',
      chain: 'trx',
      wallet: TRX,
    });
    expect(out.statusCode, out.body).toBe(200);
    // The record says so; Me sends the web app to /error/se.
    const me = await send(u, 'POST /auth/update', {});
    expect((me.json() as { user: { self_excluded: boolean } }).user.self_excluded).toBe(true);
  });
});

describe('without a block', () => {
  it('the same requests pass the block check', async () => {
    const [u] = await fundedPlayer(t.server, 100n * USDT, 10n * USDT);
    const other = await createUser(t.server.database);
    for (const [route, body] of Object.entries(MOVES_MONEY)) {
      const res = await send(u, route, body({ other }));
      expect(['self_excluded', 'timed_out'], `${route}: ${res.body}`).not.toContain(codeOf(res));
    }
  });
});
