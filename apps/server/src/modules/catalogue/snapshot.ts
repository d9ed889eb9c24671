/**
 * The listed catalogue in memory. The lobby's lists are read far more often than the catalogue
 * changes, and every home page asks for six rows at once, so each server process keeps a snapshot of
 * the listed games (not hidden, not disabled; in lobby order), the providers and their restricted
 * countries, and answers `gamesFilter`, the providers calls and the favourites list from it: no query
 * per request except a signed-in caller's favourite ids. (Measured in docs/BENCHMARKS.md "Lobby": the
 * same filters as SQL cost 5-13 ms of PostgreSQL time per request at 5,000 games.)
 *
 * Freshness: when the snapshot was last confirmed more than CATALOGUE_CACHE_MS ago (default 2 s), one
 * request starts a check of the catalogue's version (row counts and write transactions, read in the
 * database) and the rows are read again only when it changed; the current snapshot keeps answering meanwhile
 * (stale-while-revalidate), so operator edits show on every node within about that time. With 0,
 * every request reads the database first.
 *
 * `gamesFilter` answers are serialised once per snapshot, filter set, page, size and country
 * ({@link CatalogueSnapshot.serialisedPage}, checked against the contract when built) and split around
 * each game's `isFavorite`, so a request joins strings: the guest's text as is, a player's with their
 * flags (favourite ids cached per player for the same CATALOGUE_CACHE_MS, FavouriteIdsCache).
 */
import {
  type CatalogueGame,
  type CatalogueProvider,
  type CustomCategory,
  type GameFilter,
  PREVIEW_PREFIX,
} from '@nebula/contracts';
import type { Database } from '../../db/client.js';

/** A listed game as the snapshot holds it. */
export interface SnapshotGame {
  id: string;
  name: string;
  /** `name` in lower case, for searches. */
  lowerName: string;
  image: string;
  icon: string | null;
  type: string;
  provider: string | null;
  priority: number;
  categories: string[];
  isFeatured: boolean;
  isSearchFeatured: boolean;
  customCategory: CustomCategory | null;
  launchable: boolean;
}

export interface SnapshotProvider {
  id: string;
  name: string;
  image: string;
  priority: number;
  isFeatured: boolean;
  /** Restricted countries (ISO alpha-2). */
  restricted: ReadonlySet<string>;
  /** Listed games. */
  games: number;
}

/** Who is asking: favourites need the user, the blocked flag the country. */
export interface CallerView {
  /** The caller's favourite game ids (stored ids), empty for guests. */
  favourites: ReadonlySet<string>;
  /** ISO alpha-2 country, or null when unknown (nothing is then blocked). */
  iso: string | null;
}

/** A catalogue id as stored: a `preview:` id names the game after the prefix. */
export function storedId(id: string): string {
  return id.startsWith(PREVIEW_PREFIX) ? id.slice(PREVIEW_PREFIX.length) : id;
}

type StringKey = 'id' | 'type' | 'provider' | 'name' | 'custom_category';
const STRING_FIELD: Record<StringKey, (g: SnapshotGame) => string | null> = {
  id: (g) => g.id,
  type: (g) => g.type,
  provider: (g) => g.provider,
  name: (g) => g.name,
  custom_category: (g) => g.customCategory,
};

/**
 * A predicate for one filter (spec 3 section 7): no type is equality (the array key `category`:
 * includes), `search` a case-insensitive substring, `includes:array` the list includes the value,
 * `includes:string` a case-sensitive substring. The contract has already refused combinations that
 * make no sense (a type on a flag, search on the array...).
 */
export function predicate(f: GameFilter): (g: SnapshotGame) => boolean {
  const expect = f.expect;
  if (f.key === 'isFeatured') return (g) => g.isFeatured === expect;
  if (f.key === 'isSearchFeatured') return (g) => g.isSearchFeatured === expect;
  if (typeof expect !== 'string') return () => false;
  if (f.key === 'category') return (g) => g.categories.includes(expect);
  const field = STRING_FIELD[f.key];
  if (f.type === 'search') {
    const needle = expect.toLowerCase();
    if (f.key === 'name') return (g) => g.lowerName.includes(needle);
    return (g) => field(g)?.toLowerCase().includes(needle) === true;
  }
  if (f.type === 'includes:string') return (g) => field(g)?.includes(expect) === true;
  const wanted = f.key === 'id' ? storedId(expect) : expect;
  return (g) => field(g) === wanted;
}

/** A filter set's memo key. */
function filterKey(filters: readonly GameFilter[]): string {
  return JSON.stringify(filters.map((f) => [f.key, f.type ?? '', f.expect]));
}

/** Filter sets whose matches a snapshot remembers (cleared when full; a snapshot lives seconds). */
const MEMO_ENTRIES = 512;
/**
 * Serialised pages a snapshot remembers, and about how many bytes they may hold (each page twice: its
 * pieces and its bytes); the memo is cleared when either is reached, so odd requests (100-game pages of
 * many searches) cannot grow it without bound.
 */
const PAGE_MEMO_ENTRIES = 2048;
const PAGE_MEMO_BYTES = 32 * 1024 * 1024;

/**
 * One `gamesFilter` answer, serialised once for everybody in a country: the JSON text split around
 * each game's `isFavorite` value, so a signed-in caller's answer is the same pieces joined with their
 * own flags (no objects, no validation, no JSON work per request).
 */
export interface SerialisedPage {
  /** `parts.length === ids.length + 1`; the answer is parts[0] + flag(ids[0]) + parts[1] + ... */
  readonly parts: readonly string[];
  /** The stored ids of the games on the page, in order. */
  readonly ids: readonly string[];
  /** The answer with no favourite (guests, and players with none on this page), encoded once. */
  readonly plain: Buffer;
}

/** A page as objects with every favourite flag false (what the contract check looks at). */
export interface PageAnswer {
  games: CatalogueGame[];
  page: number;
  limit: number;
  total: number;
}

/** The answer's JSON (UTF-8) for a caller with `favourites`. */
export function renderPage(page: SerialisedPage, favourites: ReadonlySet<string>): Buffer | string {
  const { parts, ids } = page;
  if (favourites.size === 0 || !ids.some((id) => favourites.has(id))) return page.plain;
  let out = parts[0] ?? '';
  for (let i = 0; i < ids.length; i++)
    out += (favourites.has(ids[i] as string) ? 'true' : 'false') + parts[i + 1];
  return out;
}

/** An immutable snapshot with the lookups the calls need. */
export class CatalogueSnapshot {
  /** Listed games by stored id. */
  readonly byId: ReadonlyMap<string, SnapshotGame>;
  readonly providerById: ReadonlyMap<string, SnapshotProvider>;
  private readonly memo = new Map<string, readonly SnapshotGame[]>();
  private readonly pages = new Map<string, SerialisedPage>();
  private pageBytes = 0;

  constructor(
    /** Listed games in lobby order: priority descending, then name, then id. */
    readonly games: readonly SnapshotGame[],
    /** Providers with at least one listed game, by priority descending, then name. */
    readonly providers: readonly SnapshotProvider[],
    readonly loadedAt: number,
  ) {
    this.byId = new Map(games.map((g) => [g.id, g]));
    this.providerById = new Map(providers.map((p) => [p.id, p]));
  }

  /** True when the game's provider is restricted in `iso`. */
  blocked(g: SnapshotGame, iso: string | null): boolean {
    if (!iso || !g.provider) return false;
    return this.providerById.get(g.provider)?.restricted.has(iso) === true;
  }

  /** The game as the API returns it. */
  toGame(g: SnapshotGame, view: CallerView): CatalogueGame {
    const provider = g.provider ? this.providerById.get(g.provider) : undefined;
    return {
      id: g.launchable ? g.id : `${PREVIEW_PREFIX}${g.id}`,
      name: g.name,
      image: g.image,
      icon: g.icon,
      type: g.type,
      provider: g.provider ? { id: g.provider, name: provider?.name ?? g.provider } : null,
      priority: g.priority,
      category: g.categories,
      isFeatured: g.isFeatured,
      isSearchFeatured: g.isSearchFeatured,
      custom_category: g.customCategory,
      launchable: g.launchable,
      isFavorite: view.favourites.has(g.id),
      blocked: this.blocked(g, view.iso),
    };
  }

  /** The games matching every filter, in lobby order (memoised per filter set for this snapshot). */
  matching(filters: readonly GameFilter[]): readonly SnapshotGame[] {
    const key = filterKey(filters);
    const known = this.memo.get(key);
    if (known) return known;
    const tests = filters.map(predicate);
    const found = tests.length === 0 ? this.games : this.games.filter((g) => tests.every((t) => t(g)));
    // Lobby rows repeat on every home page and searches repeat a lot: keep a bounded memo.
    if (this.memo.size >= MEMO_ENTRIES) this.memo.clear();
    this.memo.set(key, found);
    return found;
  }

  /** One page of the games matching every filter, in lobby order, and the total over all pages. */
  filter(
    filters: readonly GameFilter[],
    page: { offset: number; limit: number },
    view: CallerView,
  ): { games: CatalogueGame[]; total: number } {
    const found = this.matching(filters);
    return {
      games: found.slice(page.offset, page.offset + page.limit).map((g) => this.toGame(g, view)),
      total: found.length,
    };
  }

  /**
   * One page of `gamesFilter` as {@link SerialisedPage}, for callers in country `iso` (memoised per
   * filter set, page, size and country for the life of this snapshot). `check` validates the answer
   * (the contract) once, when the page is first built; it throws to refuse it.
   */
  serialisedPage(
    filters: readonly GameFilter[],
    page: number,
    limit: number,
    iso: string | null,
    check: (answer: PageAnswer) => void,
  ): SerialisedPage {
    const key = `${filterKey(filters)}|${page}|${limit}|${iso ?? ''}`;
    const known = this.pages.get(key);
    if (known) return known;
    const none: CallerView = { favourites: new Set(), iso };
    const { games, total } = this.filter(filters, { offset: (page - 1) * limit, limit }, none);
    const answer = { games, page, limit, total };
    check(answer);
    // isFavorite and blocked are the last two fields of a game (toGame and the contract's order).
    const parts: string[] = [];
    let head = '{"games":[';
    for (const [i, g] of games.entries()) {
      const { isFavorite: _favourite, blocked, ...rest } = g;
      parts.push(`${head}${i > 0 ? ',' : ''}${JSON.stringify(rest).slice(0, -1)},"isFavorite":`);
      head = `,"blocked":${blocked}}`;
    }
    parts.push(
      `${games.length > 0 ? head : '{"games":['}],"page":${page},"limit":${limit},"total":${total}}`,
    );
    const entry: SerialisedPage = {
      parts,
      ids: games.map((g) => storedId(g.id)),
      plain: Buffer.from(parts.join('false'), 'utf8'),
    };
    const bytes = 2 * entry.plain.length;
    if (this.pages.size >= PAGE_MEMO_ENTRIES || this.pageBytes + bytes > PAGE_MEMO_BYTES) {
      this.pages.clear();
      this.pageBytes = 0;
    }
    this.pages.set(key, entry);
    this.pageBytes += bytes;
    return entry;
  }

  /** Providers (optionally featured only) with counts and the blocked flag. */
  providerList(featuredOnly: boolean, iso: string | null): CatalogueProvider[] {
    return this.providers
      .filter((p) => !featuredOnly || p.isFeatured)
      .map((p) => ({
        id: p.id,
        name: p.name,
        image: p.image,
        priority: p.priority,
        is_featured: p.isFeatured,
        games: p.games,
        blocked: iso !== null && p.restricted.has(iso),
      }));
  }
}

interface GameRow {
  id: string;
  name: string;
  image: string;
  icon: string | null;
  type: string;
  provider: string | null;
  priority: number;
  categories: string[];
  is_featured: boolean;
  is_search_featured: boolean;
  custom_category: string | null;
  launchable: boolean;
}

/** Reads a snapshot: two queries, listed games in lobby order and providers with restrictions. */
export async function loadSnapshot(db: Pick<Database, 'query'>): Promise<CatalogueSnapshot> {
  const loadedAt = Date.now();
  const [games, providers] = await Promise.all([
    db.query<GameRow>(
      `select id, name, image, icon, type, provider, priority, categories, is_featured, is_search_featured,
              custom_category, launchable
         from games
        where not hidden and not disabled
          and (provider is null or provider not in (select id from game_providers where not enabled))
        order by priority desc, name, id`,
    ),
    db.query<{
      id: string;
      name: string;
      image: string;
      priority: number;
      is_featured: boolean;
      iso: string[] | null;
    }>(
      `select p.id, p.name, p.image, p.priority, p.is_featured, r.iso
         from game_providers p left join provider_restrictions r on r.provider = p.id
        order by p.priority desc, p.name, p.id`,
    ),
  ]);
  const counts = new Map<string, number>();
  const snapshotGames = games.map((r): SnapshotGame => {
    if (r.provider) counts.set(r.provider, (counts.get(r.provider) ?? 0) + 1);
    return {
      id: r.id,
      name: r.name,
      lowerName: r.name.toLowerCase(),
      image: r.image,
      icon: r.icon,
      type: r.type,
      provider: r.provider,
      priority: r.priority,
      categories: r.categories,
      isFeatured: r.is_featured,
      isSearchFeatured: r.is_search_featured,
      customCategory: (r.custom_category as CustomCategory | null) ?? null,
      launchable: r.launchable,
    };
  });
  const snapshotProviders = providers
    .filter((p) => counts.has(p.id))
    .map((p): SnapshotProvider => ({
      id: p.id,
      name: p.name,
      image: p.image,
      priority: p.priority,
      isFeatured: p.is_featured,
      restricted: new Set(p.iso ?? []),
      games: counts.get(p.id) ?? 0,
    }));
  return new CatalogueSnapshot(snapshotGames, snapshotProviders, loadedAt);
}

/** Keeps the process's snapshot fresh (see the module comment). */
export class CatalogueStore {
  private current: CatalogueSnapshot | undefined;
  /** The catalogue version the current snapshot was read at, and when that was last confirmed. */
  private version: string | undefined;
  private checkedAt = 0;
  private refreshing: Promise<CatalogueSnapshot> | undefined;

  constructor(
    private readonly db: Pick<Database, 'query'>,
    /** Maximum age of the snapshot, ms; 0 reads the database on every call. */
    private readonly maxAgeMs: number,
    private readonly log: { warn(obj: unknown, msg: string): void } = { warn: () => undefined },
  ) {}

  /**
   * Reloads the snapshot if the catalogue changed. The version is read before the rows, so a change
   * made during the load shows as a new version at the next check (and is loaded then).
   */
  private refresh(): Promise<CatalogueSnapshot> {
    this.refreshing ??= (async () => {
      const checkedAt = Date.now();
      const version = await catalogueVersion(this.db);
      if (this.current && version === this.version) {
        this.checkedAt = checkedAt;
        return this.current;
      }
      const snapshot = await loadSnapshot(this.db);
      this.current = snapshot;
      this.version = version;
      this.checkedAt = checkedAt;
      return snapshot;
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** A snapshot no older than the limit (or the current one while a check or reload runs). */
  async get(): Promise<CatalogueSnapshot> {
    if (this.maxAgeMs <= 0) return loadSnapshot(this.db);
    const s = this.current;
    if (!s) return this.refresh();
    if (Date.now() - this.checkedAt > this.maxAgeMs) {
      this.refresh().catch((err: unknown) =>
        this.log.warn({ err }, 'catalogue reload failed; serving the last one'),
      );
    }
    return s;
  }

  /** Drops the snapshot: the next call reads the database (after this process changed the catalogue). */
  invalidate(): void {
    this.current = undefined;
    this.version = undefined;
  }
}

/**
 * A version of everything the snapshot holds, cheap to read: per table (games, providers,
 * restrictions) the row count and the sum of the rows' `xmin` (the transaction that wrote each row
 * version). Any insert, update or delete changes it; so may a VACUUM FREEZE or a transaction id
 * wrap-around, which only costs one extra reload. Reads no column data (about 1 ms at 5,000 games).
 */
export async function catalogueVersion(db: Pick<Database, 'query'>): Promise<string> {
  const rows = await db.query<{ v: string }>(
    `select concat_ws('|',
       (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from games),
       (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from game_providers),
       (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from provider_restrictions)
     ) as v`,
  );
  return rows[0]?.v ?? '';
}
