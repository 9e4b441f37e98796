import { Injectable } from '@nestjs/common';
import type { MembershipEvent } from '@stardeck/contracts';
import { membershipDecider, membershipsProjection, type MembershipCommand, type MembershipErrorCode, type MembershipState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on membership streams; the decider refuses nothing (stale and repeated events record nothing). */
@Injectable()
export class MembershipCommands extends CommandHandler<MembershipCommand, MembershipEvent, MembershipState, MembershipErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, { decider: membershipDecider, projection: membershipsProjection, errors: {} });
  }
}
