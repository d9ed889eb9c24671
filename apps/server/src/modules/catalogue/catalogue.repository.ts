/**
 * Catalogue queries besides the snapshot (snapshot.ts): favourites, slides, image subjects and
 * restriction records.
 */
import type { Slide } from '@nebula/contracts';
import type { Database } from '../../db/client.js';

/** The user's favourite game ids (stored ids), most recently added first. */
export async function favouriteIds(db: Pick<Database, 'query'>, userId: string): Promise<string[]> {
  const rows = await db.query<{ game_id: string }>(
    'select game_id from game_favourites where user_id = $1 order by created_at desc, game_id limit 1000',
    [userId],
  );
  return rows.map((r) => r.game_id);
}

/** Players whose favourite ids a node keeps at most (the oldest entry goes first). */
const FAVOURITE_CACHE_ENTRIES = 10_000;

/**
 * Each signed-in player's favourite ids for the lobby's flags, kept for `ttlMs` (CATALOGUE_CACHE_MS:
 * the catalogue's own freshness) so a home page's six rows read them once, not six times. A change
 * made through this node drops the player's entry at once (and no read that started before it is
 * stored); a change made through another node shows here within `ttlMs`. With 0, every call reads.
 */
export class FavouriteIdsCache {
  private readonly entries = new Map<string, { ids: ReadonlySet<string>; at: number }>();
  private readonly reading = new Map<string, Promise<ReadonlySet<string>>>();
  /** Bumped by every change: a read that started before one is not stored. */
  private generation = 0;

  constructor(
    private readonly db: Pick<Database, 'query'>,
    private readonly ttlMs: number,
  ) {}

  async get(userId: string): Promise<ReadonlySet<string>> {
    if (this.ttlMs <= 0) return new Set(await favouriteIds(this.db, userId));
    const hit = this.entries.get(userId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.ids;
    const pending = this.reading.get(userId);
    if (pending) return pending;
    const started = { at: Date.now(), generation: this.generation };
    const read = favouriteIds(this.db, userId)
      .then((list): ReadonlySet<string> => {
        const ids = new Set(list);
        if (this.generation === started.generation) {
          this.entries.delete(userId);
          if (this.entries.size >= FAVOURITE_CACHE_ENTRIES) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
          this.entries.set(userId, { ids, at: started.at });
        }
        return ids;
      })
      .finally(() => {
        if (this.reading.get(userId) === read) this.reading.delete(userId);
      });
    this.reading.set(userId, read);
    return read;
  }

  /** The player's favourites changed (through this node). */
  changed(userId: string): void {
    this.generation++;
    this.entries.delete(userId);
    this.reading.delete(userId);
  }
}

/** Adds or removes a favourite; false when the game does not exist or is not listed. */
export async function setFavourite(
  db: Pick<Database, 'query'>,
  userId: string,
  gameId: string,
  favourite: boolean,
): Promise<boolean> {
  const listed = await db.query<{ id: string }>(
    `select g.id from games g left join game_providers p on p.id = g.provider
      where g.id = $1 and not g.hidden and not g.disabled and coalesce(p.enabled, true)`,
    [gameId],
  );
  if (listed.length === 0) return false;
  await db.query(
    favourite
      ? 'insert into game_favourites (user_id, game_id) values ($1, $2) on conflict do nothing'
      : 'delete from game_favourites where user_id = $1 and game_id = $2',
    [userId, gameId],
  );
  return true;
}

/** Enabled slides in order; Poker slides only when `withPoker`. */
export async function listSlides(db: Pick<Database, 'query'>, withPoker: boolean): Promise<Slide[]> {
  const rows = await db.query<{
    id: string;
    type: string;
    title: string;
    text: string;
    link: string;
    image: string;
  }>(
    `select id, type, title, text, link, image from slides
      where enabled and ($1::boolean or lower(type) <> 'poker')
      order by priority desc, id`,
    [withPoker],
  );
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    title: r.title,
    text: r.text,
    link: r.link,
    image: r.image,
  }));
}

/** Name (and provider name) of a catalogue game for its generated image; undefined when unknown. */
export async function imageSubject(
  db: Pick<Database, 'query'>,
  kind: 'games' | 'icons' | 'providers' | 'slides',
  id: string,
): Promise<{ title: string; caption: string | null } | undefined> {
  const sql = {
    games: `select g.name as title, coalesce(p.name, case when g.type = 'originals' then 'Originals' end) as caption
         from games g left join game_providers p on p.id = g.provider where g.id = $1`,
    icons: 'select name as title, null as caption from games where id = $1',
    providers: 'select name as title, null as caption from game_providers where id = $1',
    slides: 'select title, text as caption from slides where id = $1',
  }[kind];
  const rows = await db.query<{ title: string; caption: string | null }>(sql, [id]);
  return rows[0];
}

/** Sets a provider's restriction text and its parsed codes (operator tooling and tests). */
export async function putProviderRestrictions(
  db: Pick<Database, 'query'>,
  provider: string,
  countries: string,
  iso: readonly string[],
): Promise<void> {
  await db.query(
    `insert into provider_restrictions (provider, countries, iso, updated_at) values ($1, $2, $3::text[], now())
     on conflict (provider) do update set countries = excluded.countries, iso = excluded.iso, updated_at = now()`,
    [provider, countries, iso],
  );
}
