import type { Db, Tx } from '@stardeck/infra';

/** What lists show of a member beside their content: name, slug, avatar and bio. */
export interface MemberCard {
  id: string;
  username: string;
  display_name: string | null;
  slug: string;
  avatar: string | null;
  bio: string | null;
}

/** Turns a stored image into the URL a browser loads (signed storage URLs; see ImageService.urlOf). */
export type ImageUrl = (key: string, mimetype: string | null) => Promise<string>;

/**
 * The one place content lists read their members' names, avatars and bios: one query per list,
 * from the account and its profile. (Lists of members themselves use the profiles module's
 * UserSummaryBuilder, which adds counts and subscriptions.)
 */
export async function memberCards(executor: Db | Tx, ids: readonly string[], imageUrl: ImageUrl): Promise<Map<string, MemberCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor.selectFrom('users').leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.slug', 'profiles.display_name', 'profiles.bio', 'profiles.avatar_key', 'profiles.avatar_mimetype'])
    .where('users.id', 'in', unique).execute();
  return new Map(await Promise.all(rows.map(async (row) => [row.id, {
    id: row.id, username: row.username, display_name: row.display_name, slug: row.slug, bio: row.bio,
    avatar: row.avatar_key ? await imageUrl(row.avatar_key, row.avatar_mimetype) : null,
  }] as const)));
}

/** A member's id by username, case-insensitively; undefined when nobody has it. */
export async function memberIdByUsername(executor: Db | Tx, username: string): Promise<string | undefined> {
  const row = await executor.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
