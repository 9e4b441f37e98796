import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MSG, normaliseUrl, streamIds, type AccessRequestDto, type InviteView } from '@stardeck/contracts';
import type { Db, EventStore } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InvitesRepository, InvitesService } from '../invites';
import { InjectDatabase, InjectEventStore } from '../platform/tokens';
import { AccessRequestCommands } from './access-request-commands';
import { AccessRequestsRepository, type AccessRequestView } from './access-requests.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The waitlist: visitors ask for access, admins answer with an invite mailed to them. */
@Injectable()
export class AccessRequestsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    private readonly requests: AccessRequestsRepository,
    private readonly commands: AccessRequestCommands,
    private readonly invites: InvitesService,
    private readonly inviteViews: InvitesRepository,
  ) {}

  async request(dto: AccessRequestDto): Promise<void> {
    const requestId = randomUUID();
    const message = dto.message?.trim() ? dto.message.trim() : null;
    await this.commands.execute(streamIds.accessRequest(requestId), {
      type: 'RequestAccess', request_id: requestId, email: dto.email, url: normaliseUrl(dto.url)!, message,
    }, { actor: 'anonymous' });
  }

  async page(limit: number, offset: number): Promise<{ access_requests: AccessRequestView[]; total: number; has_more: boolean }> {
    const { items, total, has_more } = await this.requests.page(this.db, limit, offset);
    return { access_requests: items, total, has_more };
  }

  /**
   * Creates an invite owned by the admin and marks the request invited, in one transaction; the
   * request stream is appended at the version read, so a second admin's click gets 409. The mail
   * to the requester follows AccessRequestInvited.
   */
  /** Turns a pending request down; it stays listed as declined and can still be invited later. */
  async decline(admin: AuthUser, requestId: string): Promise<void> {
    if (!UUID.test(requestId)) throw ApiError.notFound(MSG.accessRequestNotFound, 'Access Request');
    await this.commands.execute(streamIds.accessRequest(requestId), { type: 'DeclineRequester', admin_id: admin.id });
  }

  async invite(admin: AuthUser, requestId: string): Promise<InviteView> {
    if (!UUID.test(requestId)) throw ApiError.notFound(MSG.accessRequestNotFound, 'Access Request');
    return this.store.transaction(async (tx) => {
      const inviteId = await this.invites.createIn(tx, { inviterId: admin.id, accessRequestId: requestId, outstanding: 0, limit: null });
      await this.commands.runIn(tx, streamIds.accessRequest(requestId), { type: 'InviteRequester', invite_id: inviteId, admin_id: admin.id });
      return (await this.inviteViews.findView(tx, inviteId))!;
    });
  }
}
