import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MSG, normaliseUrl, streamIds, type AccessRequestDto, type InviteView } from '@stardeck/contracts';
import type { EventMetadata, Platform } from '@stardeck/infra';
import { AccountMailService } from '../auth/account-mail.service';
import type { AuthUser } from '../auth/auth.guard';
import { ApiError } from '../common/api-error';
import { DomainError } from '../common/decider';
import { handleCommand } from '../common/event-sourcing';
import { InvitesRepository } from '../invites/invites.repository';
import { InvitesService } from '../invites/invites.service';
import { PLATFORM } from '../platform/platform.module';
import { AccessRequestErrors, accessRequestDecider } from './access-requests.decider';
import { projectAccessRequests } from './access-requests.projection';
import { AccessRequestsRepository, type AccessRequestView } from './access-requests.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The waitlist: visitors ask for access, admins answer with an invite mailed to them. */
@Injectable()
export class AccessRequestsService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly requests: AccessRequestsRepository,
    private readonly invites: InvitesService,
    private readonly inviteViews: InvitesRepository,
    private readonly mail: AccountMailService,
  ) {}

  async request(dto: AccessRequestDto, meta: Omit<EventMetadata, 'actor'>): Promise<void> {
    const requestId = randomUUID();
    const message = dto.message?.trim() ? dto.message.trim() : null;
    await this.platform.store.transaction((tx) =>
      handleCommand(this.platform.store, tx, accessRequestDecider, streamIds.accessRequest(requestId), {
        type: 'RequestAccess', request_id: requestId, email: dto.email, url: normaliseUrl(dto.url)!, message,
      }, { ...meta, actor: 'anonymous' }, projectAccessRequests));
  }

  async page(limit: number, offset: number): Promise<{ access_requests: AccessRequestView[]; total: number; has_more: boolean }> {
    const { items, total } = await this.requests.page(limit, offset);
    return { access_requests: items, total, has_more: offset + items.length < total };
  }

  /**
   * Creates an invite owned by the admin and marks the request invited, in one transaction; the
   * request stream is appended at the version read, so a second admin's click gets 409.
   */
  async invite(admin: AuthUser, requestId: string, meta: Omit<EventMetadata, 'actor'>): Promise<InviteView> {
    if (!UUID.test(requestId)) throw ApiError.notFound(MSG.accessRequestNotFound, 'Access Request');
    const metadata = { ...meta, actor: admin.id };
    let inviteId: string;
    try {
      inviteId = await this.platform.store.transaction(async (tx) => {
        const created = await this.invites.createIn(tx, { inviterId: admin.id, accessRequestId: requestId, outstanding: 0, limit: null }, metadata);
        await handleCommand(this.platform.store, tx, accessRequestDecider, streamIds.accessRequest(requestId), {
          type: 'InviteRequester', invite_id: created, admin_id: admin.id,
        }, metadata, projectAccessRequests);
        return created;
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === AccessRequestErrors.notFound) throw ApiError.notFound(MSG.accessRequestNotFound, 'Access Request');
      if (error instanceof DomainError && error.code === AccessRequestErrors.alreadyInvited) throw ApiError.conflict(MSG.accessRequestAlreadyInvited, 'Access Request');
      throw error;
    }
    const [invite, request] = await Promise.all([this.inviteViews.findView(inviteId), this.requests.findEmail(requestId)]);
    this.mail.sendInvite(request!.email, invite!.key);
    return invite!;
  }
}
