import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';

export interface MembershipRow {
  customer_id: string;
  subscription_id: string;
  status: string;
  plan: string | null;
}

/** Reads of the `memberships` projection and of the account a webhook is for. No business rules. */
@Injectable()
export class MembershipRepository {
  ofMember(executor: Db | Tx, userId: string): Promise<MembershipRow | undefined> {
    return executor.selectFrom('memberships').select(['customer_id', 'subscription_id', 'status', 'plan']).where('user_id', '=', userId).executeTakeFirst();
  }

  async memberOfCustomer(executor: Db | Tx, customerId: string): Promise<string | null> {
    const row = await executor.selectFrom('memberships').select('user_id').where('customer_id', '=', customerId).executeTakeFirst();
    return row?.user_id ?? null;
  }

  account(executor: Db | Tx, userId: string): Promise<{ role: string; tier: string } | undefined> {
    return executor.selectFrom('users').select(['role', 'tier']).where('id', '=', userId).executeTakeFirst();
  }
}
