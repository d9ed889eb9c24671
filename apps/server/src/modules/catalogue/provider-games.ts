/**
 * Provider games for the aggregator integration (modules/slots): what a launch needs to know of a game
 * (listed, launchable, its provider and the provider's restricted countries), the provider games a
 * local aggregator hosts, and the link of an aggregator's game list to the catalogue (matching games
 * by provider and name, adding what is missing, marking exactly the linked games launchable).
 */
import type { Database, Session } from '../../db/client.js';
import { imageUrl } from './images.js';

type Querier = Pick<Database | Session, 'query'>;

/** A provider game as a launch sees it. */
export interface ProviderGame {
  id: string;
  name: string;
  image: string;
  provider: { id: string; name: string };
  /** Listed (not hidden, not disabled) and linked to an aggregator game. */
  available: boolean;
  /** The provider's restricted countries (ISO alpha-2). */
  restricted: string[];
  customCategory: string | null;
}

/** The provider game `id` (undefined for an unknown id or an in-house game). */
export async function providerGame(db: Querier, id: string): Promise<ProviderGame | undefined> {
  const rows = await db.query<{
    id: string;
    name: string;
    image: string;
    provider: string;
    provider_name: string;
    available: boolean;
    iso: string[] | null;
    custom_category: string | null;
  }>(
    `select g.id, g.name, g.image, g.provider, p.name as provider_name,
            (g.launchable and not g.hidden and not g.disabled and p.enabled) as available, r.iso, g.custom_category
       from games g join game_providers p on p.id = g.provider
       left join provider_restrictions r on r.provider = g.provider
      where g.id = $1 and g.provider is not null`,
    [id],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    name: r.name,
    image: r.image,
    provider: { id: r.provider, name: r.provider_name },
    available: r.available,
    restricted: r.iso ?? [],
    customCategory: r.custom_category,
  };
}

/** The names of provider games `ids` (one statement; unknown ids and in-house games are left out). */
export async function providerGameNames(db: Querier, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; name: string }>(
    `select id, name from games where id = any($1::text[]) and provider is not null`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every provider game of the catalogue, listed or not (what a local aggregator hosts). */
export async function allProviderGames(
  db: Querier,
): Promise<
  { id: string; name: string; provider: string; providerName: string; customCategory: string | null }[]
> {
  const rows = await db.query<{
    id: string;
    name: string;
    provider: string;
    provider_name: string;
    custom_category: string | null;
  }>(
    `select g.id, g.name, g.provider, p.name as provider_name, g.custom_category
       from games g join game_providers p on p.id = g.provider
      order by g.provider, g.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    provider: r.provider,
    providerName: r.provider_name,
    customCategory: r.custom_category,
  }));
}

/** One game of an aggregator's list. */
export interface ListedProviderGame {
  uuid: string;
  name: string;
  /** The provider's name as the aggregator writes it. */
  provider: string;
  /** The tile image, as our own host serves it. */
  image: string;
  /** A live table or game show (else a slot). */
  kind: 'slots' | 'live' | 'game-shows';
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * Links an aggregator's game list to the catalogue inside `tx`: each listed game is matched to the
 * provider game of the same provider (by name or id) and name (case-insensitive), or added (with its
 * provider when that is new); the linked games get the list's image and are the only launchable
 * provider games afterwards. Returns the catalogue id of each uuid.
 */
export async function linkProviderGames(
  tx: Session,
  list: readonly ListedProviderGame[],
): Promise<Map<string, string>> {
  const providers = await tx.query<{ id: string; name: string }>('select id, name from game_providers');
  const providerOf = new Map<string, string>();
  for (const p of providers) {
    providerOf.set(p.name.toLowerCase(), p.id);
    providerOf.set(p.id, p.id);
  }
  const linked = new Map<string, string>();
  for (const g of list) {
    let provider = providerOf.get(g.provider.toLowerCase()) ?? providerOf.get(slug(g.provider));
    if (!provider) {
      provider = slug(g.provider).slice(0, 64) || 'provider';
      await tx.query(
        `insert into game_providers (id, name, image) values ($1, $2, $3) on conflict (id) do nothing`,
        [provider, g.provider, imageUrl.provider(provider)],
      );
      providerOf.set(g.provider.toLowerCase(), provider);
    }
    const found = await tx.query<{ id: string }>(
      `select id from games where provider = $1 and lower(name) = lower($2) order by id limit 1`,
      [provider, g.name],
    );
    let id = found[0]?.id;
    if (!id) {
      id = `${provider}-${slug(g.name)}`.slice(0, 80).replace(/-+$/, '');
      const category = g.kind === 'slots' ? 'slots' : g.kind;
      await tx.query(
        `insert into games (id, name, image, type, provider, categories, custom_category, launchable)
         values ($1, $2, $3, $4, $4, array[$5]::text[], $6, true)
         on conflict (id) do nothing`,
        [id, g.name, g.image, provider, category, g.kind === 'slots' ? null : g.kind],
      );
    }
    linked.set(g.uuid, id);
  }
  const ids = [...linked.values()];
  const images = [...linked.keys()].map((uuid) => list.find((g) => g.uuid === uuid)?.image ?? '');
  // Only rows that change are written: the catalogue's version (snapshot.ts) moves only then.
  await tx.query(
    `update games g set image = l.image, launchable = true
       from unnest($1::text[], $2::text[]) as l(id, image)
      where g.id = l.id and (g.image <> l.image or not g.launchable)`,
    [ids, images],
  );
  await tx.query(
    `update games set launchable = false
      where provider is not null and launchable and not (id = any($1::text[]))`,
    [ids],
  );
  return linked;
}
