import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';

/**
 * Solves a real captcha challenge of the server, as the widget would, and returns the `captcha`
 * field value. Start the server with a small CAPTCHA_COUNTER_MAX (e.g. 50) to keep tests fast.
 */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: HTTP ${res.statusCode}`);
  const challenge = res.json() as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Server settings that make captcha challenges cheap to solve in tests. */
export const FAST_CAPTCHA_ENV = { CAPTCHA_COUNTER_MIN: '1', CAPTCHA_COUNTER_MAX: '50' } as const;
