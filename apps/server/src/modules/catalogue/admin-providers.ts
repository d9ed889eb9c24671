/**
 * The back office's providers (issue G8 item 4, contracts `admin-games.ts`): every third-party
 * provider with its listed games, its switch (`game_providers.enabled`) and its restricted
 * territories (`provider_restrictions`). A change is one transaction holding the provider's row
 * lock, the new state and its audit row (`games.provider`, area `games`, so an open games screen
 * refreshes). The catalogue version (snapshot.ts) covers both tables, so other nodes load the change
 * within CATALOGUE_CACHE_MS; this node drops its snapshot at once.
 */
import { type AdminProvider, adminProviderUpdateEndpoint, adminProvidersEndpoint } from '@nebula/contracts';
import type { FastifyInstance } from 'fastify';
import type { Session } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { registerEndpoint } from '../../platform/endpoints.js';
import { AppError } from '../../platform/errors.js';
import { recordStaffAction } from '../audit/index.js';
import { putProviderRestrictions } from './catalogue.repository.js';
import { COUNTRY_CODES } from './countries.js';
import type { CatalogueStore } from './snapshot.js';

interface ProviderRow {
  id: string;
  name: string;
  enabled: boolean;
  games: number;
  iso: string[] | null;
  countries: string | null;
}

const PROVIDER_SQL = `select p.id, p.name, p.enabled, r.iso, r.countries,
       (select count(*)::int from games g where g.provider = p.id and not g.hidden and not g.disabled) as games
  from game_providers p left join provider_restrictions r on r.provider = p.id`;

async function providerRows(q: Pick<Session, 'query'>, id?: string): Promise<ProviderRow[]> {
  return q.query<ProviderRow>(
    id === undefined ? `${PROVIDER_SQL} order by lower(p.name), p.id` : `${PROVIDER_SQL} where p.id = $1`,
    id === undefined ? [] : [id],
    // A statement name is one prepared text on PostgreSQL: one name per query.
    id === undefined ? 'catalogue.admin_providers' : 'catalogue.admin_provider',
  );
}

const view = (r: ProviderRow): AdminProvider => ({
  id: r.id,
  name: r.name,
  enabled: r.enabled,
  games: r.games,
  restricted: [...(r.iso ?? [])].sort(),
  restrictionText: r.countries,
});

/** Upper-cased, unique, sorted codes; a 422 naming every code that is no ISO 3166-1 alpha-2 country. */
export function territoryCodes(list: readonly string[]): string[] {
  const codes = [...new Set(list.map((c) => c.trim().toUpperCase()))].sort();
  const bad = codes.filter((c) => !COUNTRY_CODES.has(c));
  if (bad.length > 0)
    throw new AppError(
      422,
      'invalid_country',
      `Not an ISO 3166-1 alpha-2 country code: ${bad.join(', ')}.`,
      bad.map((c) => ({ path: 'restricted', message: `Unknown country code ${c}.` })),
    );
  return codes;
}

export function registerProviderAdminRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  store: CatalogueStore,
): void {
  registerEndpoint(app, adminProvidersEndpoint, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { providers: (await providerRows(ctx.database)).map(view) };
  });

  registerEndpoint(app, adminProviderUpdateEndpoint, async ({ input, user }) => {
    if (!user) throw AppError.unauthenticated();
    const restricted = input.restricted === undefined ? undefined : territoryCodes(input.restricted);
    const after = await ctx.database.transaction(async (tx) => {
      const locked = await tx.query<{ id: string }>(
        'select id from game_providers where id = $1 for update',
        [input.provider],
      );
      if (!locked[0])
        throw new AppError(404, 'unknown_provider', `There is no game provider ${input.provider}.`);
      const [before] = await providerRows(tx, input.provider);
      if (!before)
        throw new AppError(404, 'unknown_provider', `There is no game provider ${input.provider}.`);
      if (input.enabled !== undefined && input.enabled !== before.enabled)
        await tx.query('update game_providers set enabled = $2 where id = $1', [
          input.provider,
          input.enabled,
        ]);
      if (restricted !== undefined)
        await putProviderRestrictions(
          tx,
          input.provider,
          restricted.length === 0 ? 'No restrictions' : restricted.join(', '),
          restricted,
        );
      const [now] = await providerRows(tx, input.provider);
      if (!now) throw new AppError(404, 'unknown_provider', `There is no game provider ${input.provider}.`);
      const state = (r: ProviderRow) => ({ enabled: r.enabled, restricted: view(r).restricted });
      await recordStaffAction(tx, {
        actor: user,
        action: 'games.provider',
        target: { type: 'provider', id: input.provider },
        before: state(before),
        after: state(now),
        details: { name: now.name },
      });
      return now;
    });
    store.invalidate();
    return { provider: view(after) };
  });
}
