import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ProfilesModule } from '../profiles';
import { SubscriptionCommands } from './subscription-commands';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

/** Members following members: subscribe, unsubscribe, and the lists of both directions. */
@Module({
  imports: [AuthModule, ProfilesModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionCommands, SubscriptionsRepository, SubscriptionsService],
})
export class SubscriptionsModule {}
