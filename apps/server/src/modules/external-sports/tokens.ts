/**
 * The two JWTs of the external sportsbook (decision 0034):
 * - the player JWT we issue to the renderer, ES256 with our key: `iss` the brand id, `sub` the player,
 *   `name`, `jti` the session every bet/make names (`xsport_sessions`), `currency` (upper case, as the
 *   provider's currency codes are), `lang`, `odds_format`, `iat`, `exp`;
 * - the provider's wallet calls, `{payload: JWT}` signed with the provider's key (ES256, or RS256 for an
 *   RSA key), whose `payload` claim is the call's data; checked here: the signature with the configured
 *   key and that algorithm only, `iat` within {@link CALL_MAX_AGE_S} (and not ahead of our clock by more
 *   than {@link CLOCK_TOLERANCE_S}), `exp` when present, `aud` when present must be our brand id.
 */
import { randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** How old a wallet call's `iat` may be, seconds. */
export const CALL_MAX_AGE_S = 300;
/** Clock difference tolerated on `iat` and `exp`, seconds. */
export const CLOCK_TOLERANCE_S = 30;

export interface PlayerClaims {
  sub: string;
  name: string;
  currency: string;
  lang: string;
}

/** Signs a player JWT; its `jti` is the session id. */
export async function signPlayerToken(
  key: KeyObject,
  brandId: string,
  player: PlayerClaims,
  minutes: number,
  now = Date.now(),
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = randomUUID();
  const iat = Math.floor(now / 1000);
  const exp = iat + minutes * 60;
  const token = await new SignJWT({
    name: player.name,
    currency: player.currency.toUpperCase(),
    lang: player.lang,
    odds_format: 'decimal',
    ff: { is_cashout_available: false, is_match_tracker_available: false },
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
    .setIssuer(brandId)
    .setSubject(player.sub)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/** The JWS algorithm a key verifies. */
export function algorithmOf(key: KeyObject): 'ES256' | 'RS256' {
  return key.asymmetricKeyType === 'rsa' ? 'RS256' : 'ES256';
}

/**
 * The claims of a JWT signed by `key` (any issuer), or null when the signature, the algorithm, the
 * time claims or the audience are wrong.
 */
export async function verifyJwt(
  token: string,
  key: KeyObject,
  o: { audience?: string; maxAgeS?: number; requireExp?: boolean; now?: number } = {},
): Promise<Record<string, unknown> | null> {
  if (token.length > 20_000) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [algorithmOf(key)],
      clockTolerance: CLOCK_TOLERANCE_S,
      ...(o.maxAgeS ? { maxTokenAge: o.maxAgeS } : {}),
      ...(o.requireExp ? { requiredClaims: ['exp'] } : {}),
      ...(o.now ? { currentDate: new Date(o.now) } : {}),
    });
    if (o.audience !== undefined && payload.aud !== undefined) {
      const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!aud.includes(o.audience)) return null;
    }
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The data of a provider's wallet call: the `payload` claim of the verified JWT, or null. */
export async function verifyWalletCall(
  token: string,
  providerKey: KeyObject,
  brandId: string,
  now?: number,
): Promise<Record<string, unknown> | null> {
  const claims = await verifyJwt(token, providerKey, {
    audience: brandId,
    maxAgeS: CALL_MAX_AGE_S,
    ...(now ? { now } : {}),
  });
  const data = claims?.payload;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return data as Record<string, unknown>;
}

/** Signs a wallet call as the provider does (the local sportsbook; tests use their own signer). */
export async function signWalletCall(
  key: KeyObject,
  brandId: string,
  data: Record<string, unknown>,
  now = Date.now(),
): Promise<string> {
  return new SignJWT({ payload: data })
    .setProtectedHeader({ alg: algorithmOf(key), typ: 'JWT' })
    .setIssuer('local-sportsbook')
    .setAudience(brandId)
    .setJti(randomUUID())
    .setIssuedAt(Math.floor(now / 1000))
    .sign(key);
}
