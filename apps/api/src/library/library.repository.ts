import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { trackVisibility, type Viewer } from '../common/visibility';

/** Reads of the library read model. No business rules beyond the visibility module's. */
@Injectable()
export class LibraryRepository {
  /** A page of a member's saved tracks, newest first, only those `viewer` may see in that member's list. */
  entries(executor: Db | Tx, userId: string, viewer: Viewer, page: PageRequest): Promise<Page<{ track_id: number; saved_at: Date }>> {
    const query = executor.selectFrom('library_entries').innerJoin('tracks', 'tracks.id', 'library_entries.track_id')
      .select(['library_entries.track_id', 'library_entries.saved_at'])
      .where('library_entries.user_id', '=', userId).where(trackVisibility.shownInListOf(userId, viewer));
    return paginate(query, page, (q) => q.orderBy('library_entries.saved_at', 'desc').orderBy('library_entries.track_id', 'desc'));
  }

  /** A page of the members who saved a track, most recent first. */
  savers(executor: Db | Tx, trackId: number, page: PageRequest): Promise<Page<{ user_id: string; saved_at: Date }>> {
    const query = executor.selectFrom('library_entries').select(['user_id', 'saved_at']).where('track_id', '=', trackId);
    return paginate(query, page, (q) => q.orderBy('saved_at', 'desc').orderBy('user_id'));
  }

  async saveCount(executor: Db | Tx, trackId: number): Promise<number> {
    const row = await executor.selectFrom('track_save_counts').select('saved_by_count').where('track_id', '=', trackId).executeTakeFirst();
    return row?.saved_by_count ?? 0;
  }
}
