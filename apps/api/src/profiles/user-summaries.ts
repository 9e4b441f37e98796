import { Injectable } from '@nestjs/common';
import type { UserSummary } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import type { Viewer } from '../common/visibility';
import { ImageService } from '../images';
import { UserSummariesRepository } from './user-summaries.repository';

export interface SummaryOptions {
  /** Where members are discovered (the users list): adds bio and last_seen. */
  discover?: boolean;
}

/** Spec §3 User summary, the one way every list shows a member (UserSummariesRepository reads them). */
@Injectable()
export class UserSummaryBuilder {
  constructor(
    private readonly images: ImageService,
    private readonly repository: UserSummariesRepository,
  ) {}

  /** Summaries of these members, in the order given; ids of no member are left out. */
  async forIds(executor: Db | Tx, ids: readonly string[], viewer: Viewer, options: SummaryOptions = {}): Promise<UserSummary[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const { rows, audio, followed } = await this.repository.rowsOf(executor, unique, viewer);
    const tracks = new Map(audio.map((row) => [row.user_id, Number(row.n)]));
    const following = new Set(followed.map((row) => row.subject_id));
    const byId = new Map(await Promise.all(rows.map(async (row) => [row.id, {
      id: row.id,
      username: row.username,
      display_name: row.display_name,
      slug: row.slug,
      avatar: row.avatar_key ? await this.images.urlOf(row.avatar_key, row.avatar_mimetype) : null,
      joined_at: new Date(row.created_at).toISOString(),
      audio_count: tracks.get(row.id) ?? 0,
      subscriber_count: Number(row.subscriber_count),
      is_subscribed: following.has(row.id),
      ...(options.discover ? { bio: row.bio, last_seen: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null } : {}),
    } satisfies UserSummary] as const)));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async forId(executor: Db | Tx, id: string, viewer: Viewer): Promise<UserSummary | undefined> {
    return (await this.forIds(executor, [id], viewer))[0];
  }
}
