import { AuthMessages, type Me } from '@nebula/contracts';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletSignInMessage } from '../src/modules/wallet-auth/index.js';
import { createUser } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

/** Browser wallet sign-in with real secp256k1 keys (viem accounts), against the HTTP API. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const newAccount = () => privateKeyToAccount(generatePrivateKey());

async function nonceFor(account: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/metamask/nonce', payload: { account } });
  expect(res.statusCode).toBe(200);
  const { nonce } = res.json() as { nonce: string };
  expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  return nonce;
}

function postSignature(body: { message: string; signature: string; address: string; nonce: string }) {
  return t.app.inject({ method: 'POST', url: '/auth/metamask/signature', payload: body });
}

/** What the web client does: nonce for the account, sign the sentence, post it. */
async function signInWith(signer: PrivateKeyAccount, address: string = signer.address) {
  const nonce = await nonceFor(address);
  const message = walletSignInMessage(address, nonce);
  const signature = await signer.signMessage({ message });
  return {
    res: await postSignature({ message, signature, address, nonce }),
    body: { message, signature, address, nonce },
  };
}

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ code: 'signature_invalid', message: AuthMessages.signatureFailed });
}

describe('wallet sign-in', () => {
  it('the signed sentence is exactly the documented text', () => {
    expect(walletSignInMessage('0xAbC0000000000000000000000000000000000001', 'n1')).toBe(
      'Sign in to Nebula with your wallet.\n\nAddress: 0xAbC0000000000000000000000000000000000001\nNonce: n1',
    );
  });

  it('creates an email-less account on first sign-in and signs the same account in again', async () => {
    const account = newAccount();
    const first = await signInWith(account);
    expect(first.res.statusCode).toBe(200);
    const me = (first.res.json() as { user: Me }).user;
    expect(me.name).toBe(`w_${account.address.slice(2, 10).toLowerCase()}`);
    expect(me.email).toBeNull();
    expect(me.roles).toEqual([{ id: 'player' }]);
    expect(first.res.cookies.some((c) => c.name === 'nebula_session')).toBe(true);

    // The returned token is a working session.
    const secret = await t.app.inject({
      method: 'POST',
      url: '/api/websocket/originals/getSecret',
      headers: { authorization: `Bearer ${me.token}` },
      payload: {},
    });
    expect(secret.statusCode).toBe(200);

    // Lower-case address as some wallets report it: same account, new session.
    const again = await signInWith(account, account.address.toLowerCase());
    expect(again.res.statusCode).toBe(200);
    const me2 = (again.res.json() as { user: Me }).user;
    expect(me2._id).toBe(me._id);
    expect(me2.token).not.toBe(me.token);

    const rows = await t.server.database.query<{ wallet_address: string }>(
      'select wallet_address from users where id = $1',
      [me._id],
    );
    expect(rows[0]?.wallet_address).toBe(account.address.toLowerCase());
  });

  it('a taken login name gets a suffix', async () => {
    const account = newAccount();
    const base = `w_${account.address.slice(2, 10).toLowerCase()}`;
    await createUser(t.server.database, { name: base });
    const { res } = await signInWith(account);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { user: Me }).user.name).toBe(`${base}_2`);
  });

  it('a replayed nonce is refused', async () => {
    const account = newAccount();
    const { res, body } = await signInWith(account);
    expect(res.statusCode).toBe(200);
    expectRefused(await postSignature(body));
  });

  it('concurrent use of one nonce signs in once', async () => {
    const account = newAccount();
    const nonce = await nonceFor(account.address);
    const message = walletSignInMessage(account.address, nonce);
    const signature = await account.signMessage({ message });
    const body = { message, signature, address: account.address, nonce };
    const results = await Promise.all([postSignature(body), postSignature(body), postSignature(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('a signature by another key is refused', async () => {
    const victim = newAccount();
    const attacker = newAccount();
    const nonce = await nonceFor(victim.address);
    const message = walletSignInMessage(victim.address, nonce);
    const signature = await attacker.signMessage({ message });
    expectRefused(await postSignature({ message, signature, address: victim.address, nonce }));
    // The nonce was not spent by the forgery: the owner can still use it.
    const own = await victim.signMessage({ message });
    expect(
      (await postSignature({ message, signature: own, address: victim.address, nonce })).statusCode,
    ).toBe(200);
  });

  it('a nonce issued for another address is refused', async () => {
    const victim = newAccount();
    const attacker = newAccount();
    const nonce = await nonceFor(victim.address);
    const message = walletSignInMessage(attacker.address, nonce);
    const signature = await attacker.signMessage({ message });
    expectRefused(await postSignature({ message, signature, address: attacker.address, nonce }));
  });

  it('a made-up nonce is refused', async () => {
    const account = newAccount();
    const nonce = 'f'.repeat(32);
    const message = walletSignInMessage(account.address, nonce);
    const signature = await account.signMessage({ message });
    expectRefused(await postSignature({ message, signature, address: account.address, nonce }));
  });

  it('a tampered or different message is refused', async () => {
    const account = newAccount();
    const nonce = await nonceFor(account.address);
    const message = walletSignInMessage(account.address, nonce);
    const signature = await account.signMessage({ message });
    expectRefused(
      await postSignature({ message: `${message} `, signature, address: account.address, nonce }),
    );
    // A validly signed sentence that is not ours.
    const other = `Transfer everything.\nNonce: ${nonce}`;
    expectRefused(
      await postSignature({
        message: other,
        signature: await account.signMessage({ message: other }),
        address: account.address,
        nonce,
      }),
    );
    // Signature over a different text posted with the right text.
    const wrongText = await account.signMessage({
      message: walletSignInMessage(account.address, `${nonce}0`),
    });
    expectRefused(await postSignature({ message, signature: wrongText, address: account.address, nonce }));
    // Garbage signature bytes.
    expectRefused(await postSignature({ message, signature: '0x1234', address: account.address, nonce }));
    expectRefused(
      await postSignature({ message, signature: `0x${'ab'.repeat(65)}`, address: account.address, nonce }),
    );
  });

  it('an expired nonce is refused', async () => {
    const account = newAccount();
    const nonce = await nonceFor(account.address);
    await t.server.database.query(
      `update wallet_nonces set expires_at = now() - interval '1 second' where nonce = $1`,
      [nonce],
    );
    const message = walletSignInMessage(account.address, nonce);
    const signature = await account.signMessage({ message });
    expectRefused(await postSignature({ message, signature, address: account.address, nonce }));
  });

  it('nonces are stored lower-case with a five-minute expiry; bad accounts are refused by the contract', async () => {
    const account = newAccount();
    const nonce = await nonceFor(account.address);
    const rows = await t.server.database.query<{ address: string; minutes: number; used: boolean }>(
      `select address, round(extract(epoch from (expires_at - created_at)) / 60)::int as minutes,
              used_at is not null as used
         from wallet_nonces where nonce = $1`,
      [nonce],
    );
    expect(rows[0]).toEqual({ address: account.address.toLowerCase(), minutes: 5, used: false });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/metamask/nonce',
      payload: { account: '0x123' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
