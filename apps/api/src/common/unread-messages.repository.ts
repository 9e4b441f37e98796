import type { Db, Tx } from '@stardeck/infra';

/** Direct messages waiting for a member across their conversations: one row read by key. */
export async function unreadMessageCount(executor: Db | Tx, memberId: string): Promise<number> {
  const row = await executor.selectFrom('member_message_counts').select('unread_count').where('user_id', '=', memberId).executeTakeFirst();
  return Number(row?.unread_count ?? 0);
}
