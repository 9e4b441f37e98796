import { Injectable } from '@nestjs/common';
import { PROFILE_MSG, type SubscriptionEvent } from '@stardeck/contracts';
import {
  subscriptionDecider, subscriptionsProjection, type SubscriptionCommand, type SubscriptionErrorCode, type SubscriptionState,
} from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on subscription streams, and how each refusal is answered. */
@Injectable()
export class SubscriptionCommands extends CommandHandler<SubscriptionCommand, SubscriptionEvent, SubscriptionState, SubscriptionErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: subscriptionDecider,
      projection: subscriptionsProjection,
      // A subscribe button clicked many times at once: every click gets its answer, one subscription results.
      serialised: true,
      errors: {
        // As spec §8 answers a message to oneself.
        self_subscription: (_error, command) =>
          ApiError.forbidden(PROFILE_MSG.cannotSubscribeSelf, command.type === 'Subscribe' ? 'Subscribe Failed' : 'Unsubscribe Failed'),
      },
    });
  }
}
