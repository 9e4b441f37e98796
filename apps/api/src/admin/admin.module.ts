import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { HealthModule } from '../health';
import { AdminEventsController } from './admin-events.controller';
import { AdminMailController } from './admin-mail.controller';
import { AdminMembersController } from './admin-members.controller';
import { AdminMembersRepository } from './admin-members.repository';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminOverviewService } from './admin-overview.service';
import { AdminProjectionsController } from './admin-projections.controller';
import { EventInspectorService } from './event-inspector.service';
import { EventLogRepository } from './event-log.repository';
import { OverviewRepository } from './overview.repository';
import { StreamReplayService } from './stream-replay.service';

/** Operators' tools: the overview, projections and their rebuilds, the event inspector and stream replay, member search, the dev mailbox. */
@Module({
  imports: [AuthModule, HealthModule],
  controllers: [AdminOverviewController, AdminProjectionsController, AdminEventsController, AdminMembersController, AdminMailController],
  providers: [EventLogRepository, EventInspectorService, StreamReplayService, OverviewRepository, AdminOverviewService, AdminMembersRepository],
})
export class AdminModule {}
