import { AuthMessages, meSchema } from '@nebula/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_RULE, PAIR_RULE } from '../src/modules/auth/index.js';
import { FAST_CAPTCHA_ENV } from './helpers/captcha.js';
import { createUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/**
 * Sign-in throttling (docs/decisions/0010): per (login, address) and per address, never per login
 * alone. A stranger's wrong passwords never stop the owner signing in from an address that has not
 * failed; the stranger's address gets dearer captchas, then its pair, then the address, is locked.
 * Challenges are fetched from the same address as the sign-in, as a browser would.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ...FAST_CAPTCHA_ENV });
});
afterAll(async () => {
  await t?.close();
});

/** A solved challenge fetched from `ip`, with the cost level the server gave it. */
async function captchaFrom(ip: string): Promise<{ captcha: string; level: number }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const challenge = res.json() as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return {
    captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    level: Number(challenge.parameters.data?.level ?? 0),
  };
}

async function login(loginName: string, password: string, ip: string, captcha?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    remoteAddress: ip,
    payload: { login: loginName, password, captcha: captcha ?? (await captchaFrom(ip)).captcha },
  });
}

function expectWrong(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ code: 'wrong_credentials', message: AuthMessages.wrongCredentials });
}

function expectLocked(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'locked', message: AuthMessages.locked });
}

function expectSignedIn(res: { statusCode: number; json(): unknown }, name: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  expect(meSchema.parse((res.json() as { user: unknown }).user).name).toBe(name);
}

describe('a stranger cannot lock someone else out', () => {
  it('five, then many, wrong passwords from one address do not stop the owner (an admin) from another', async () => {
    const owner = await createUser(t.server.database, { roles: ['*'], password: 'owner-pass-1' });
    const stranger = '198.51.100.7';
    for (let i = 0; i < 5; i++) expectWrong(await login(owner.name, `guess-${i}`, stranger));
    expectSignedIn(await login(owner.name, 'owner-pass-1', '203.0.113.5'), owner.name);
    // Up to the pair's lock, by name and by e-mail in any case: still no effect elsewhere.
    for (let i = 5; i < PAIR_RULE.maxFailures; i++) {
      const name = i % 2 ? owner.name.toUpperCase() : `${owner.name}@test.local`;
      expectWrong(await login(name, `guess-${i}`, stranger));
    }
    expectLocked(await login(owner.name, `guess-x`, stranger));
    const fresh = await captchaFrom('203.0.113.6');
    expect(fresh.level).toBe(0);
    expectSignedIn(await login(owner.name, 'owner-pass-1', '203.0.113.6', fresh.captcha), owner.name);
    // Many other strangers, each from its own address: the owner is still never refused.
    for (let i = 0; i < 8; i++) expectWrong(await login(owner.name, `spray-${i}`, `198.51.100.${20 + i}`));
    expectSignedIn(await login(owner.name, 'owner-pass-1', '203.0.113.5'), owner.name);
  });

  it("throttles the stranger's address: dearer captchas, then its pair is locked, even for the right password", async () => {
    const owner = await createUser(t.server.database, { password: 'owner-pass-2' });
    const stranger = '198.51.100.40';
    expect((await captchaFrom(stranger)).level).toBe(0);
    const levels: number[] = [];
    for (let i = 0; i < PAIR_RULE.maxFailures - 1; i++) {
      const { captcha, level } = await captchaFrom(stranger);
      levels.push(level);
      expectWrong(await login(owner.name, `guess-${i}`, stranger, captcha));
    }
    // Cost rises with the failures and never falls while they go on.
    expect(levels[0]).toBe(0);
    expect(levels.at(-1)).toBeGreaterThan(0);
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThanOrEqual(levels[i - 1] as number);
    // A cheaper challenge (fetched from an address that has not failed) is refused here, unused.
    const cheap = await captchaFrom('203.0.113.41');
    expect(cheap.level).toBe(0);
    const refused = await login(owner.name, 'owner-pass-2', stranger, cheap.captcha);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'captcha_invalid', message: AuthMessages.captchaInvalid });
    // ...and still good where it came from.
    expectSignedIn(await login(owner.name, 'owner-pass-2', '203.0.113.41', cheap.captcha), owner.name);
    // The failure that reaches the pair's limit locks that pair: the right password too.
    expectWrong(await login(owner.name, 'guess-last', stranger));
    expectLocked(await login(owner.name, 'owner-pass-2', stranger));
    // Another account from the same address is not locked by that pair.
    const other = await createUser(t.server.database, { password: 'other-pass-2' });
    expectSignedIn(await login(other.name, 'other-pass-2', stranger), other.name);
  });

  it('keeps the spraying protection: one address trying many logins is locked, others are not', async () => {
    const sprayer = '198.51.100.77';
    const victim = await createUser(t.server.database, { password: 'victim-pass' });
    let lockedAt = -1;
    let topLevel = 0;
    for (let i = 0; i < ADDRESS_RULE.maxFailures + 1; i++) {
      const { captcha, level } = await captchaFrom(sprayer);
      topLevel = Math.max(topLevel, level);
      const res = await login(`sprayed_${i}`, 'Password1', sprayer, captcha);
      if (res.statusCode === 429) {
        expectLocked(res);
        lockedAt = i;
        break;
      }
      expectWrong(res);
    }
    expect(lockedAt).toBe(ADDRESS_RULE.maxFailures);
    expect(topLevel).toBeGreaterThan(0);
    // The address is locked for every login, the right password included...
    expectLocked(await login(victim.name, 'victim-pass', sprayer));
    // ...and nowhere else.
    expectSignedIn(await login(victim.name, 'victim-pass', '203.0.113.77'), victim.name);
  });

  it("a success clears its pair's failures but not the address's captcha cost", async () => {
    const attacker = await createUser(t.server.database, { password: 'mine-pass' });
    const target = await createUser(t.server.database, { password: 'target-pass' });
    const ip = '198.51.100.90';
    for (let i = 0; i < 4; i++) expectWrong(await login(target.name, `guess-${i}`, ip));
    const before = (await captchaFrom(ip)).level;
    expect(before).toBeGreaterThan(0);
    // Signing in to an account of one's own does not reset the address.
    expectSignedIn(await login(attacker.name, 'mine-pass', ip), attacker.name);
    expect((await captchaFrom(ip)).level).toBe(before);
    // The owner's own pair: a typo then the right password, then the count starts again.
    expectWrong(await login(attacker.name, 'typo', ip));
    expectSignedIn(await login(attacker.name, 'mine-pass', ip), attacker.name);
  });
});
