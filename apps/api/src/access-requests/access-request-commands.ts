import { Injectable } from '@nestjs/common';
import { ADMIN_MSG, MSG, type AccessRequestEvent } from '@stardeck/contracts';
import {
  accessRequestDecider, accessRequestsProjection, type AccessRequestCommand, type AccessRequestErrorCode, type AccessRequestState,
} from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on access-request streams, and how each refusal is answered. */
@Injectable()
export class AccessRequestCommands extends CommandHandler<AccessRequestCommand, AccessRequestEvent, AccessRequestState, AccessRequestErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: accessRequestDecider,
      projection: accessRequestsProjection,
      errors: {
        access_request_exists: () => ApiError.conflict(MSG.conflict, 'Access Request'),
        access_request_not_found: () => ApiError.notFound(MSG.accessRequestNotFound, 'Access Request'),
        access_request_already_invited: () => ApiError.conflict(MSG.accessRequestAlreadyInvited, 'Access Request'),
        access_request_already_declined: () => ApiError.conflict(ADMIN_MSG.alreadyDeclined, 'Access Request'),
      },
    });
  }
}
