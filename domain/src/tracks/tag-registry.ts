import { slugify, type TrackTagRef } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';

/**
 * Tag ids by case-insensitive name. Ids are handed out before the track events that carry them
 * are appended, so this registry is not a read model a rebuild empties.
 */
export const tagRegistry = {
  /** The tag of each name, registering new names. A concurrent registration of the same name waits on the unique index, then gets the same id. */
  async ensure(tx: Tx, names: readonly string[]): Promise<TrackTagRef[]> {
    const tags: TrackTagRef[] = [];
    for (const name of names) {
      const { rows } = await sql<TrackTagRef>`
        insert into tags (name, slug) values (${name}, ${slugify(name, 'tag')})
        on conflict ((lower(name))) do update set name = tags.name
        returning id, name, slug`.execute(tx);
      tags.push({ ...rows[0]!, id: Number(rows[0]!.id) });
    }
    return tags;
  },
};
