import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { paginate, type Page, type PageRequest } from '../common/paginate';

export type SubscriptionList = 'subscribers' | 'subscriptions';

/** Reads of the `subscriptions` read model. No business rules. */
@Injectable()
export class SubscriptionsRepository {
  /** Who follows the member (`subscribers`) or whom the member follows (`subscriptions`), one page, by time of subscribing. */
  page(executor: Db | Tx, list: SubscriptionList, userId: string, page: PageRequest & { dir: 'asc' | 'desc' }): Promise<Page<{ id: string }>> {
    const query = list === 'subscribers'
      ? executor.selectFrom('subscriptions').select('subscriptions.subscriber_id as id').where('subscriptions.subject_id', '=', userId)
      : executor.selectFrom('subscriptions').select('subscriptions.subject_id as id').where('subscriptions.subscriber_id', '=', userId);
    return paginate(query, page, (q) => q.orderBy('subscriptions.subscribed_at', page.dir)
      .orderBy(list === 'subscribers' ? 'subscriptions.subscriber_id' : 'subscriptions.subject_id'));
  }
}
