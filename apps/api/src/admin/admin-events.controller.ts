import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ADMIN_MSG, EventListQueryDto, EventPageSchema, InspectedEventDetailSchema, StreamReplayQueryDto, StreamReplaySchema } from '@stardeck/contracts';
import { AdminGuard } from '../auth';
import { ApiError } from '../common/api-error';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { EventInspectorService } from './event-inspector.service';
import { StreamReplayService } from './stream-replay.service';

const POSITION = /^[1-9]\d{0,15}$/;
const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** The event inspector and stream replay: reading the log, never writing it. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminEventsController {
  constructor(
    private readonly inspector: EventInspectorService,
    private readonly replays: StreamReplayService,
  ) {}

  @Get('events')
  @ApiEnvelope('Inspect the event log, newest first (secret payload fields are redacted)', 200, { data: EventPageSchema })
  @ApiQueryFrom(EventListQueryDto)
  async list(@Query() query: EventListQueryDto) {
    return ok(await this.inspector.page(query));
  }

  @Get('events/:position')
  @ApiEnvelope('One event with its cause, the events it caused and its correlation chain', 200, { data: InspectedEventDetailSchema })
  async detail(@Param('position') position: string) {
    if (!POSITION.test(position) || !Number.isSafeInteger(Number(position))) throw ApiError.notFound(ADMIN_MSG.eventNotFound, 'Event');
    return ok(await this.inspector.detail(Number(position)));
  }

  @Get('streams/:stream')
  @ApiEnvelope("A stream's events and its aggregate folded up to a version, with a diff against another", 200, { data: StreamReplaySchema })
  @ApiQueryFrom(StreamReplayQueryDto)
  async stream(@Param('stream') stream: string, @Query() query: StreamReplayQueryDto) {
    if (!STREAM_ID.test(stream)) throw ApiError.notFound(ADMIN_MSG.streamNotFound, 'Stream');
    return ok(await this.replays.replay(stream, query));
  }
}
