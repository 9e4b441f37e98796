import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { inviteLimitOf, streamIds, type InviteView, type UserSummary } from '@stardeck/contracts';
import type { Db, EventStore, StardeckConfig, Tx } from '@stardeck/infra';
import { randomInviteKey, type AuthUser } from '../auth';
import { InjectConfig, InjectDatabase, InjectEventStore } from '../platform/tokens';
import { UserSummaryBuilder } from '../profiles';
import { InviteCommands } from './invite-commands';
import { InvitesRepository } from './invites.repository';

export interface InviteList {
  invites: InviteView[];
  used: number;
  pending: number;
  /** null: no limit (an admin's, unless the site sets ADMIN_INVITE_LIMIT). */
  limits: { invite: number | null };
}

export type InviteCheck = { valid: true; inviter: UserSummary } | { valid: false };

const INVITE_KEY = /^[0-9a-f]{12}$/;

/** Members' invite codes: listing, creating within the tier's limit, deleting unused ones, checking a key. */
@Injectable()
export class InvitesService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectConfig() private readonly config: StardeckConfig,
    private readonly invites: InvitesRepository,
    private readonly commands: InviteCommands,
    private readonly summaries: UserSummaryBuilder,
  ) {}

  async list(user: AuthUser): Promise<InviteList> {
    const [invites, counts] = await Promise.all([this.invites.listViews(this.db, user.id), this.invites.countOutstanding(this.db, user.id)]);
    return { invites, ...counts, limits: { invite: this.limitOf(user) } };
  }

  async create(user: AuthUser): Promise<InviteView> {
    return this.store.transaction(async (tx) => {
      await this.invites.lockInviter(tx, user.id);
      const { used, pending } = await this.invites.countOutstanding(tx, user.id);
      const inviteId = await this.createIn(tx, { inviterId: user.id, accessRequestId: null, outstanding: used + pending, limit: this.limitOf(user) });
      return (await this.invites.findView(tx, inviteId))!;
    });
  }

  /**
   * Appends InviteCreated inside the caller's transaction (also used when an admin invites an
   * access request, which has no limit). Returns the new invite's id.
   */
  async createIn(tx: Tx, input: { inviterId: string; accessRequestId: string | null; outstanding: number; limit: number | null }): Promise<string> {
    const inviteId = randomUUID();
    await this.commands.runIn(tx, streamIds.invite(inviteId), {
      type: 'CreateInvite', invite_id: inviteId, key: randomInviteKey(), inviter_id: input.inviterId,
      access_request_id: input.accessRequestId, outstanding: input.outstanding, limit: input.limit,
    });
    return inviteId;
  }

  private limitOf(user: AuthUser): number | null {
    return inviteLimitOf(user, this.config.adminInviteLimit);
  }

  async delete(user: AuthUser, inviteId: string): Promise<void> {
    await this.commands.execute(streamIds.invite(inviteId), { type: 'DeleteInvite', actor_id: user.id });
  }

  async check(key: string): Promise<InviteCheck> {
    if (!INVITE_KEY.test(key)) return { valid: false };
    const inviterId = await this.invites.inviterOf(this.db, key);
    // Whoever holds the key is not signed in yet: the inviter as a visitor sees them.
    const inviter = inviterId ? await this.summaries.forId(this.db, inviterId, null) : undefined;
    return inviter ? { valid: true, inviter } : { valid: false };
  }
}
