import { Injectable } from '@nestjs/common';
import type { TrackRenditions } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';

/** What feeds and embeds read beyond track views: each track's standard rendition. No business rules. */
@Injectable()
export class SyndicationRepository {
  async standardRenditions(executor: Db | Tx, ids: number[]): Promise<Map<number, TrackRenditions['standard'] | null>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.selectFrom('tracks').select(['id', 'renditions']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [Number(row.id), (row.renditions as unknown as TrackRenditions | null)?.standard ?? null]));
  }
}
