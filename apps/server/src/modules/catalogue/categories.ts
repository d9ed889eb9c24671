import type { Session } from '../../db/client.js';

/**
 * The catalogue category (`custom_category`: live, buy-bonuses, game-shows, new-releases) of each game
 * of `ids` that has one; games without a category, and unknown ids, are absent. For programmes that
 * treat a category apart (bonus wagering: live games count 0).
 */
export async function gameCategories(
  q: Pick<Session, 'query'>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string; custom_category: string }>(
    'select id, custom_category from games where id = any($1::text[]) and custom_category is not null',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.custom_category]));
}
