/**
 * Our calls to the aggregator (the operator API): the game list (paged), `init` (a real-money launch
 * with our session id) and `init-demo`, each signed with the merchant key (signature.ts). A transport
 * carries them: HTTP to a remote aggregator, or the local aggregator served by this same server
 * (Fastify `inject`: the real routes, parsers and checks, without a socket).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { z } from 'zod';
import type { AggregatorConfig } from './slots.env.js';
import { type FormMap, buildQuery, sign, toEntries } from './signature.js';

/** The path prefix of the local aggregator's routes on this server. */
export const LOCAL_AGGREGATOR_PREFIX = '/api/local-aggregator';

export interface TransportResponse {
  status: number;
  body: Buffer;
  contentType: string;
}

export interface AggregatorTransport {
  /** A call to the aggregator's API at `path` (GET: the form is the query string). */
  send(
    method: 'GET' | 'POST',
    path: string,
    form: string,
    headers: Record<string, string>,
  ): Promise<TransportResponse>;
  /** Fetches a URL the aggregator gave (an image). */
  fetch(url: string): Promise<TransportResponse>;
}

const TIMEOUT_MS = 10_000;

/** HTTP to a remote aggregator. */
export function remoteTransport(baseUrl: string): AggregatorTransport {
  const call = async (url: string, init: RequestInit): Promise<TransportResponse> => {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return {
      status: res.status,
      body: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? '',
    };
  };
  return {
    send: (method, path, form, headers) =>
      method === 'GET'
        ? call(`${baseUrl}${path}${form ? `?${form}` : ''}`, { method, headers })
        : call(`${baseUrl}${path}`, {
            method,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
          }),
    fetch: (url) => call(url, { method: 'GET' }),
  };
}

/** The local aggregator on this server's own app. */
export function localTransport(app: () => FastifyInstance): AggregatorTransport {
  const call = async (opts: InjectOptions): Promise<TransportResponse> => {
    const res = await app().inject(opts);
    return {
      status: res.statusCode,
      body: res.rawPayload,
      contentType: String(res.headers['content-type'] ?? ''),
    };
  };
  return {
    send: (method, path, form, headers) =>
      method === 'GET'
        ? call({ method, url: `${LOCAL_AGGREGATOR_PREFIX}${path}${form ? `?${form}` : ''}`, headers })
        : call({
            method,
            url: `${LOCAL_AGGREGATOR_PREFIX}${path}`,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload: form,
          }),
    fetch: (url) => {
      const u = new URL(url, 'http://local');
      return call({ method: 'GET', url: `${u.pathname}${u.search}` });
    },
  };
}

/** The signed headers of a request with `params`. */
export function signedHeaders(
  params: FormMap,
  merchant: { merchantId: string; merchantKey: string },
  now = Date.now(),
): Record<string, string> {
  const h = {
    merchantId: merchant.merchantId,
    timestamp: String(Math.floor(now / 1000)),
    nonce: randomUUID(),
  };
  return {
    'X-Merchant-Id': h.merchantId,
    'X-Timestamp': h.timestamp,
    'X-Nonce': h.nonce,
    'X-Sign': sign(params, h, merchant.merchantKey),
  };
}

const gameSchema = z.object({
  uuid: z.string().min(1).max(120),
  name: z.string().min(1).max(200),
  image: z.string().max(2000),
  type: z.string().max(64).default('slots'),
  provider: z.string().min(1).max(200),
  has_demo: z.union([z.boolean(), z.number()]).optional(),
});
export type AggregatorGame = z.infer<typeof gameSchema>;
const gamesPageSchema = z.object({
  items: z.array(z.unknown()),
  _meta: z.object({ pageCount: z.number().int(), currentPage: z.number().int() }).optional(),
});
const launchSchema = z.object({ url: z.string().min(1).max(4000) });

export class AggregatorError extends Error {}

/** The operator API of one aggregator. */
export class AggregatorClient {
  constructor(
    readonly config: Extract<AggregatorConfig, { kind: 'remote' | 'local' }>,
    private readonly transport: AggregatorTransport,
  ) {}

  private async call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown>,
  ): Promise<unknown> {
    const entries = toEntries(params);
    const res = await this.transport.send(
      method,
      path,
      buildQuery(entries),
      signedHeaders(entries, this.config),
    );
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new AggregatorError(`${path}: HTTP ${res.status}, not JSON`);
    }
    if (res.status !== 200)
      throw new AggregatorError(`${path}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return body;
  }

  /** The whole game list (every page); entries that do not parse are skipped. */
  async games(): Promise<{ games: AggregatorGame[]; skipped: number }> {
    const games: AggregatorGame[] = [];
    let skipped = 0;
    for (let page = 1; page <= 200; page++) {
      const parsed = gamesPageSchema.safeParse(await this.call('GET', '/games', { page }));
      if (!parsed.success) throw new AggregatorError('/games: unexpected answer');
      for (const item of parsed.data.items) {
        const g = gameSchema.safeParse(item);
        if (g.success) games.push(g.data);
        else skipped++;
      }
      const meta = parsed.data._meta;
      if (!meta || meta.currentPage >= meta.pageCount) break;
    }
    return { games, skipped };
  }

  async init(p: {
    gameUuid: string;
    playerId: string;
    playerName: string;
    currency: string;
    sessionId: string;
    returnUrl: string;
    language: string;
  }): Promise<string> {
    const body = await this.call('POST', '/games/init', {
      game_uuid: p.gameUuid,
      player_id: p.playerId,
      player_name: p.playerName,
      currency: p.currency,
      session_id: p.sessionId,
      return_url: p.returnUrl,
      language: p.language,
    });
    const parsed = launchSchema.safeParse(body);
    if (!parsed.success) throw new AggregatorError('/games/init: no url');
    return parsed.data.url;
  }

  async initDemo(p: { gameUuid: string; returnUrl: string; language: string }): Promise<string> {
    const body = await this.call('POST', '/games/init-demo', {
      game_uuid: p.gameUuid,
      return_url: p.returnUrl,
      language: p.language,
    });
    const parsed = launchSchema.safeParse(body);
    if (!parsed.success) throw new AggregatorError('/games/init-demo: no url');
    return parsed.data.url;
  }

  fetchImage(url: string): Promise<TransportResponse> {
    return this.transport.fetch(url);
  }
}
