/**
 * The external sportsbook's environment keys: the provider's renderer address, our brand id, our
 * ES256 key (signs the player JWTs the renderer is given) and the provider's public key (verifies its
 * wallet calls). Without a renderer address a development or test server uses the local sportsbook the
 * platform serves itself (modules/local-sportsbook), with both key pairs derived from SECRET_KEY; a
 * production server then has no external sportsbook.
 */
import { createECDH, createHmac, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { defineEnv } from '../../platform/env.js';

export type ExternalSportsConfig =
  | {
      kind: 'remote' | 'local';
      rendererUrl: string;
      brandId: string;
      /** Signs the player JWT (ES256). */
      operatorKey: KeyObject;
      /** Verifies the provider's wallet calls (ES256 for an EC key, RS256 for an RSA key). */
      providerKey: KeyObject;
      /** The local sportsbook's signing key (local only: it stands in for the provider). */
      localProviderKey?: KeyObject;
    }
  | { kind: 'none' };

/** The local sportsbook's renderer page (modules/local-sportsbook). */
export const LOCAL_RENDERER_PATH = '/api/local-sportsbook/renderer';

const b64url = (b: Buffer) => b.toString('base64url');

/** A P-256 private key derived from `secret` and `label` (the same on every start). */
export function derivedEcKey(secret: string, label: string): KeyObject {
  for (let i = 0; ; i++) {
    const d = createHmac('sha256', secret).update(`${label}:${i}`).digest();
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d);
      const pub = ecdh.getPublicKey();
      return createPrivateKey({
        format: 'jwk',
        key: {
          kty: 'EC',
          crv: 'P-256',
          d: b64url(d),
          x: b64url(pub.subarray(1, 33)),
          y: b64url(pub.subarray(33, 65)),
        },
      });
    } catch {
      // d out of range (probability ~2^-32): the next counter.
    }
  }
}

const pem = (name: string, text: string, kind: 'private' | 'public', problems: string[]) => {
  try {
    const key =
      kind === 'private'
        ? createPrivateKey(text.replace(/\\n/g, '\n'))
        : createPublicKey(text.replace(/\\n/g, '\n'));
    return key;
  } catch {
    problems.push(`${name}: not a PEM ${kind} key`);
    return null;
  }
};

export const externalSportsEnv = defineEnv(
  {
    XSPORTS_RENDERER_URL: z.url().optional(),
    XSPORTS_BRAND_ID: z.string().min(1).max(120).optional(),
    XSPORTS_OPERATOR_KEY: z.string().min(40).max(10_000).optional(),
    XSPORTS_PROVIDER_PUBLIC_KEY: z.string().min(40).max(10_000).optional(),
  },
  (e, info, problems): ExternalSportsConfig => {
    if (e.XSPORTS_RENDERER_URL) {
      if (!e.XSPORTS_BRAND_ID || !e.XSPORTS_OPERATOR_KEY || !e.XSPORTS_PROVIDER_PUBLIC_KEY) {
        problems.push(
          'XSPORTS_BRAND_ID, XSPORTS_OPERATOR_KEY, XSPORTS_PROVIDER_PUBLIC_KEY: required with XSPORTS_RENDERER_URL',
        );
        return { kind: 'none' };
      }
      const operatorKey = pem('XSPORTS_OPERATOR_KEY', e.XSPORTS_OPERATOR_KEY, 'private', problems);
      const providerKey = pem(
        'XSPORTS_PROVIDER_PUBLIC_KEY',
        e.XSPORTS_PROVIDER_PUBLIC_KEY,
        'public',
        problems,
      );
      if (!operatorKey || !providerKey) return { kind: 'none' };
      if (
        operatorKey.asymmetricKeyType !== 'ec' ||
        operatorKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
      ) {
        problems.push('XSPORTS_OPERATOR_KEY: an EC P-256 key (the player JWT is ES256)');
        return { kind: 'none' };
      }
      return {
        kind: 'remote',
        rendererUrl: e.XSPORTS_RENDERER_URL,
        brandId: e.XSPORTS_BRAND_ID,
        operatorKey,
        providerKey,
      };
    }
    if (info.isProduction) return { kind: 'none' };
    const operatorKey = derivedEcKey(info.secretKey, 'external-sports.operator');
    const localProviderKey = derivedEcKey(info.secretKey, 'external-sports.local-provider');
    return {
      kind: 'local',
      rendererUrl: LOCAL_RENDERER_PATH,
      brandId: e.XSPORTS_BRAND_ID ?? 'nebula-local',
      operatorKey,
      providerKey: createPublicKey(localProviderKey),
      localProviderKey,
    };
  },
);
