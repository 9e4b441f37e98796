import { Injectable } from '@nestjs/common';
import { ADMIN_CONSOLE, ADMIN_MSG, type StateChange, type StreamReplay, type StreamReplayQueryDto } from '@stardeck/contracts';
import { foldTo, streamModelOf } from '@stardeck/domain';
import type { Db } from '@stardeck/infra';
import diff from 'microdiff';
import { ApiError } from '../common/api-error';
import { InjectDatabase } from '../platform/tokens';
import { EventInspectorService } from './event-inspector.service';
import { EventLogRepository } from './event-log.repository';

/**
 * "What did this look like before the edit, and who changed it": a stream's events and its
 * aggregate folded by the domain's own `evolve` up to a chosen version, and what changed between
 * two versions. It folds the redacted payloads, so a secret never shows in a state either.
 */
@Injectable()
export class StreamReplayService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly log: EventLogRepository,
    private readonly inspector: EventInspectorService,
  ) {}

  async replay(streamId: string, query: StreamReplayQueryDto): Promise<StreamReplay> {
    const rows = await this.log.stream(this.db, streamId, ADMIN_CONSOLE.streamLimit);
    if (rows.length === 0) throw ApiError.notFound(ADMIN_MSG.streamNotFound, 'Stream');
    const events = await this.inspector.present(rows);
    const version = events.at(-1)!.stream_version;
    const asOf = query.as_of ?? version;
    if (asOf > version || (query.compare ?? 0) > version) throw ApiError.badRequest('Bad Request', ADMIN_MSG.versionTooHigh(version));
    const model = streamModelOf(streamId);
    if (!model) return { stream_id: streamId, model: null, version, events, as_of: asOf, state: null, compare: null };
    const state = foldTo(model, events, asOf);
    const compare = query.compare === undefined ? null : this.compare(foldTo(model, events, query.compare), state, query.compare);
    return { stream_id: streamId, model: model.name, version, events, as_of: asOf, state, compare };
  }

  private compare(before: unknown, after: unknown, version: number): StreamReplay['compare'] {
    // microdiff compares objects; a state that is not one (none before the first event) is wrapped.
    const changes: StateChange[] = diff({ state: before } as Record<string, unknown>, { state: after } as Record<string, unknown>)
      .map((change) => ({ ...change, path: change.path.slice(1) }));
    return { version, state: before, changes };
  }
}
