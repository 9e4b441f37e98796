import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { paginate, type Page, type PageRequest } from '../common/paginate';
import { trackVisibility, type Viewer } from '../common/visibility';

/** Reads of the listening_history read model. No business rules beyond the visibility module's. */
@Injectable()
export class ListeningHistoryRepository {
  /**
   * A page of a member's plays in play order (`dir`), each play of a track its own entry. Someone
   * else's history is a list like any other: only what is listed to the viewer.
   */
  page(executor: Db | Tx, ownerId: string, viewer: Viewer, page: PageRequest & { dir: 'asc' | 'desc' }): Promise<Page<{ track_id: number; played_at: Date }>> {
    const query = executor.selectFrom('listening_history').innerJoin('tracks', 'tracks.id', 'listening_history.track_id')
      .select(['listening_history.track_id', 'listening_history.played_at'])
      .where('listening_history.user_id', '=', ownerId)
      .where(trackVisibility.shownInListOf(ownerId, viewer));
    return paginate(query, page, (q) => q.orderBy('listening_history.played_at', page.dir).orderBy('listening_history.event_position', page.dir));
  }
}
