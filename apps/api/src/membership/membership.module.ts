import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { AuthModule } from '../auth';
import { MembershipCommands } from './membership-commands';
import { MembershipController } from './membership.controller';
import { MembershipRepository } from './membership.repository';
import { MembershipService } from './membership.service';
import { PaymentsSimulatorController } from './payments-simulator.controller';
import { PaymentsSimulatorService } from './payments-simulator.service';
import { PaymentsWebhookController } from './payments-webhook.controller';
import { PlansController } from './plans.controller';

/** Paid membership: checkout, billing portal, Stripe's webhook, and the simulator of embedded mode. */
@Module({
  imports: [AuthModule, AccountsModule],
  controllers: [MembershipController, PlansController, PaymentsWebhookController, PaymentsSimulatorController],
  providers: [MembershipCommands, MembershipRepository, MembershipService, PaymentsSimulatorService],
})
export class MembershipModule {}
