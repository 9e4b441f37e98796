import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MSG, streamIds, type InviteView, type UserSummary } from '@stardeck/contracts';
import type { EventMetadata, Platform, Tx } from '@stardeck/infra';
import type { AuthUser } from '../auth/auth.guard';
import { tierOf } from '../auth/me.service';
import { randomInviteKey } from '../auth/secrets';
import { ApiError } from '../common/api-error';
import { DomainError } from '../common/decider';
import { handleCommand } from '../common/event-sourcing';
import { PLATFORM } from '../platform/platform.module';
import { InviteErrors, inviteDecider } from './invites.decider';
import { projectInvites } from './invites.projection';
import { InvitesRepository } from './invites.repository';

export interface InviteList {
  invites: InviteView[];
  used: number;
  pending: number;
  limits: { invite: number };
}

export type InviteCheck = { valid: true; inviter: UserSummary } | { valid: false };

const INVITE_KEY = /^[0-9a-f]{12}$/;

/** Members' invite codes: listing, creating within the tier's limit, deleting unused ones, checking a key. */
@Injectable()
export class InvitesService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly invites: InvitesRepository,
  ) {}

  async list(user: AuthUser): Promise<InviteList> {
    const [invites, counts] = await Promise.all([this.invites.listViews(user.id), this.invites.countOutstanding(user.id)]);
    return { invites, ...counts, limits: { invite: tierOf(user).invites } };
  }

  async create(user: AuthUser, meta: Omit<EventMetadata, 'actor'>): Promise<InviteView> {
    const inviteId = await this.platform.store.transaction(async (tx) => {
      await this.invites.lockInviter(tx, user.id);
      const { used, pending } = await this.invites.countOutstanding(user.id, tx);
      return this.createIn(tx, { inviterId: user.id, accessRequestId: null, outstanding: used + pending, limit: tierOf(user).invites }, { ...meta, actor: user.id });
    });
    return (await this.invites.findView(inviteId))!;
  }

  /**
   * Appends InviteCreated inside the caller's transaction (also used when an admin invites an
   * access request, which has no limit). Returns the new invite's id.
   */
  async createIn(
    tx: Tx,
    input: { inviterId: string; accessRequestId: string | null; outstanding: number; limit: number | null },
    metadata: EventMetadata,
  ): Promise<string> {
    const inviteId = randomUUID();
    try {
      await handleCommand(this.platform.store, tx, inviteDecider, streamIds.invite(inviteId), {
        type: 'CreateInvite', invite_id: inviteId, key: randomInviteKey(), inviter_id: input.inviterId,
        access_request_id: input.accessRequestId, outstanding: input.outstanding, limit: input.limit,
      }, metadata, projectInvites);
    } catch (error) {
      if (error instanceof DomainError && error.code === InviteErrors.limitReached) {
        throw ApiError.forbidden(`${MSG.inviteLimitReached}: ${input.outstanding} of ${input.limit} invites are used or pending`, 'Invite');
      }
      throw error;
    }
    return inviteId;
  }

  async delete(user: AuthUser, inviteId: string): Promise<void> {
    try {
      await this.platform.store.transaction((tx) =>
        handleCommand(this.platform.store, tx, inviteDecider, streamIds.invite(inviteId), { type: 'DeleteInvite', actor_id: user.id }, { actor: user.id }, projectInvites));
    } catch (error) {
      if (error instanceof DomainError && error.code === InviteErrors.usedCannotDelete) throw ApiError.badRequest('Invite', MSG.inviteUsedCannotDelete);
      if (error instanceof DomainError && error.code === InviteErrors.notFound) throw ApiError.notFound(MSG.inviteNotFound, 'Invite');
      throw error;
    }
  }

  async check(key: string): Promise<InviteCheck> {
    if (!INVITE_KEY.test(key)) return { valid: false };
    const inviter = await this.invites.inviterOf(key);
    if (!inviter) return { valid: false };
    // Avatars arrive with the profile module; null until then.
    return { valid: true, inviter: { ...inviter, avatar: null } };
  }
}
