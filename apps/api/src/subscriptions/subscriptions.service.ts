import { Injectable } from '@nestjs/common';
import { PAGE_SIZES, TRACK_MSG, profileStreamIds, type SubscriptionListQueryDto, type UserSummary } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectDatabase } from '../platform/tokens';
import { MembersRepository, UserSummaryBuilder } from '../profiles';
import { SubscriptionCommands } from './subscription-commands';
import { SubscriptionsRepository, type SubscriptionList } from './subscriptions.repository';

export interface SummaryPage {
  users: UserSummary[];
  total: number;
  has_more: boolean;
}

/** Following members (spec §4 Subscribe) and the lists of who follows whom. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly commands: SubscriptionCommands,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly members: MembersRepository,
    private readonly summaries: UserSummaryBuilder,
  ) {}

  private async memberId(username: string): Promise<string> {
    const member = await this.members.findByUsername(this.db, username);
    if (!member) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    return member.id;
  }

  /** Idempotent both ways: subscribing twice, or unsubscribing when not subscribed, succeeds and changes nothing. */
  async set(user: AuthUser, username: string, subscribed: boolean): Promise<void> {
    const subjectId = await this.memberId(username);
    const pair = { subscriber_id: user.id, subject_id: subjectId };
    await this.commands.execute(profileStreamIds.subscription(user.id, subjectId), { type: subscribed ? 'Subscribe' : 'Unsubscribe', ...pair });
  }

  /** One page of a member's subscribers or subscriptions (the viewer's own when no username is given). */
  async list(list: SubscriptionList, viewer: AuthUser, query: SubscriptionListQueryDto): Promise<SummaryPage> {
    const userId = query.username ? await this.memberId(query.username) : viewer.id;
    const page = await this.subscriptions.page(this.db, list, userId, {
      limit: query.limit ?? PAGE_SIZES.subscribers, offset: query.offset ?? 0, dir: query.sort_dir ?? 'desc',
    });
    const users = await this.summaries.forIds(this.db, page.items.map((item) => item.id), viewer);
    return { users, total: page.total, has_more: page.has_more };
  }
}
