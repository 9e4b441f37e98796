import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { AdminMailController } from './admin-mail.controller';
import { AdminProjectionsController } from './admin-projections.controller';

/** Operators' tools: projections and their rebuilds, the event inspector, the dev mailbox. */
@Module({
  imports: [AuthModule],
  controllers: [AdminProjectionsController, AdminMailController],
})
export class AdminModule {}
