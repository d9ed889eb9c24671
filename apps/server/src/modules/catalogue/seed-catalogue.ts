/**
 * Catalogue seed, run by db/seed.ts on every start (idempotent):
 * - the in-house games (type `originals`, category `originals`) from the game registries (single-round,
 *   then extended, then crash): inserted when
 *   missing, never overwritten, so an operator's edits (name, priority, hidden...) stay;
 * - in development or on a demo licence, once per database, the demo catalogue (20 providers, their
 *   restriction texts, about 150 provider games) and the home slides. A settings marker records that
 *   it ran, so rows an operator later deletes do not come back.
 */
import { EXTENDED_GAMES, GAMES, crash } from '@nebula/games';
import { ORIGINALS_TYPE } from '@nebula/contracts';
import type { Database, Session } from '../../db/client.js';
import { readLicenseFrom } from '../platform/index.js';
import { DEMO_PROVIDERS, DEMO_SLIDES, demoGames } from './demo-catalogue.js';
import { imageUrl } from './images.js';
import { parseRestrictions } from './restrictions.js';

/** Settings key marking that the demo catalogue was seeded into this database. */
export const DEMO_CATALOGUE_MARKER = 'catalogue.demo_seeded';

/** Inserts the in-house games that are missing (lobby order = priority order, 1000 down). */
export async function seedOriginals(db: Pick<Database, 'query'>): Promise<void> {
  const all = [...GAMES, ...EXTENDED_GAMES, crash];
  const ids = all.map((g) => g.id);
  const names = all.map((g) => g.name);
  const priorities = all.map((_, i) => 1000 - i * 10);
  await db.query(
    `insert into games (id, name, image, icon, type, provider, priority, categories, is_featured,
                        is_search_featured, custom_category, launchable)
     select g.id, g.name, '/api/img/games/' || g.id || '.svg', '/api/img/icons/' || g.id || '.svg', $4, null,
            g.priority, array[$4]::text[], false, g.ord <= 3, null, true
       from unnest($1::text[], $2::text[], $3::int[]) with ordinality as g(id, name, priority, ord)
     on conflict (id) do nothing`,
    [ids, names, priorities, ORIGINALS_TYPE],
  );
}

/** Inserts a provider and its restriction record (parsed to ISO codes). */
async function insertProvider(tx: Session, p: (typeof DEMO_PROVIDERS)[number]): Promise<void> {
  await tx.query(
    `insert into game_providers (id, name, image, priority, is_featured) values ($1, $2, $3, $4, $5)
     on conflict (id) do nothing`,
    [p.id, p.name, imageUrl.provider(p.id), p.priority, p.isFeatured],
  );
  await tx.query(
    `insert into provider_restrictions (provider, countries, iso) values ($1, $2, $3::text[])
     on conflict (provider) do nothing`,
    [p.id, p.restrictions, parseRestrictions(p.restrictions).iso],
  );
}

/** Seeds the demo providers, games and slides once per database (returns whether it ran now). */
export async function seedDemoCatalogue(database: Database): Promise<boolean> {
  return database.transaction(async (tx) => {
    const marked = await tx.query(
      `insert into settings (key, value) values ($1, to_jsonb(now()::text)) on conflict (key) do nothing returning key`,
      [DEMO_CATALOGUE_MARKER],
    );
    if (marked.length === 0) return false;
    for (const p of DEMO_PROVIDERS) await insertProvider(tx, p);
    const games = demoGames();
    await tx.query(
      `insert into games (id, name, image, type, provider, priority, categories, is_featured, is_search_featured,
                          custom_category, launchable)
       select g.id, g.name, '/api/img/games/' || g.id || '.svg', g.provider, g.provider, g.priority,
              string_to_array(g.categories, ','), g.featured, g.search_featured, g.custom, false
         from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::bool[], $7::bool[], $8::text[])
              as g(id, name, provider, priority, categories, featured, search_featured, custom)
       on conflict (id) do nothing`,
      [
        games.map((g) => g.id),
        games.map((g) => g.name),
        games.map((g) => g.provider),
        games.map((g) => g.priority),
        games.map((g) => g.categories.join(',')),
        games.map((g) => g.isFeatured),
        games.map((g) => g.isSearchFeatured),
        games.map((g) => g.customCategory),
      ],
    );
    for (const s of DEMO_SLIDES) {
      await tx.query(
        `insert into slides (id, type, title, text, link, image, priority) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (id) do nothing`,
        [s.id, s.type, s.title, s.text, s.link, imageUrl.slide(s.id), s.priority],
      );
    }
    return true;
  });
}

/**
 * The catalogue part of the start-up seed: the in-house games always; the demo catalogue when `demo`
 * (development) or when the licence is a demo build.
 */
export async function seedCatalogue(database: Database, opts: { demo: boolean }): Promise<void> {
  await seedOriginals(database);
  // The seed runs before the node's settings store exists: the licence straight from the table.
  const demo = opts.demo || (await readLicenseFrom(database)).demo;
  if (demo) await seedDemoCatalogue(database);
}
