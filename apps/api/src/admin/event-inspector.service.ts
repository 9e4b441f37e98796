import { Injectable } from '@nestjs/common';
import {
  ADMIN_CONSOLE, ADMIN_MSG, type EventListQueryDto, type InspectedEvent, type InspectedEventDetail, type InspectedEventPage,
} from '@stardeck/contracts';
import type { Db, EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { InjectDatabase, InjectEventStore } from '../platform/tokens';
import { EventLogRepository, type EventFilter, type EventRow } from './event-log.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The event inspector: pages of the log under the admin's filters, and one event with its
 * cause, what it caused and its whole correlation chain. Every payload leaves here upcast and
 * redacted by the event schemas' secret marks, the rule the relay follows.
 */
@Injectable()
export class EventInspectorService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    private readonly log: EventLogRepository,
  ) {}

  async page(query: EventListQueryDto): Promise<InspectedEventPage> {
    const limit = query.limit ?? ADMIN_CONSOLE.eventPage;
    const rows = await this.log.page(this.db, await this.filterOf(query), limit + 1);
    const events = await this.present(rows.slice(0, limit));
    const has_more = rows.length > limit;
    return { events, has_more, next_before: has_more ? events.at(-1)!.global_position : null };
  }

  async detail(position: number): Promise<InspectedEventDetail> {
    const row = await this.log.atPosition(this.db, position);
    if (!row) throw ApiError.notFound(ADMIN_MSG.eventNotFound, 'Event');
    const causationId = typeof row.metadata.causation_id === 'string' && UUID.test(row.metadata.causation_id) ? row.metadata.causation_id : null;
    const correlationId = typeof row.metadata.correlation_id === 'string' ? row.metadata.correlation_id : null;
    const [cause, caused, chain] = await Promise.all([
      causationId ? this.log.byEventId(this.db, causationId) : undefined,
      this.log.causedBy(this.db, row.event_id, ADMIN_CONSOLE.chainLimit),
      correlationId ? this.log.correlated(this.db, correlationId, ADMIN_CONSOLE.chainLimit + 1) : [row],
    ]);
    const [event, ...rest] = await this.present([row, ...(cause ? [cause] : []), ...caused, ...chain.slice(0, ADMIN_CONSOLE.chainLimit)]);
    return {
      event: event!,
      cause: cause ? rest.shift()! : null,
      caused: rest.splice(0, caused.length),
      chain: rest,
      chain_truncated: chain.length > ADMIN_CONSOLE.chainLimit,
    };
  }

  /** Rows as admins see them, each with its actor's username when the actor is an account. */
  async present(rows: readonly EventRow[]): Promise<InspectedEvent[]> {
    const actors = [...new Set(rows.map((row) => row.metadata.actor).filter((actor): actor is string => typeof actor === 'string' && UUID.test(actor)))];
    const names = await this.log.usernames(this.db, actors);
    return rows.map((row) => {
      const event = this.store.redacted(row);
      return {
        ...event,
        recorded_at: new Date(event.recorded_at).toISOString(),
        actor_username: names.get(String(event.metadata.actor)) ?? null,
      };
    });
  }

  private async filterOf(query: EventListQueryDto): Promise<EventFilter> {
    const filter: EventFilter = { before: query.before, correlationId: query.correlation_id || undefined };
    if (query.stream) {
      if (query.stream.endsWith('-')) filter.category = query.stream.slice(0, -1);
      else filter.stream = query.stream;
    }
    if (query.type) {
      filter.types = [...new Set(query.type.split(','))];
      if (filter.types.length > ADMIN_CONSOLE.typeFilterMax) throw ApiError.badRequest('Bad Request', ADMIN_MSG.tooManyTypes);
    }
    if (query.from) filter.from = new Date(query.from);
    if (query.to) filter.to = new Date(query.to);
    if (filter.from && filter.to && filter.from >= filter.to) throw ApiError.badRequest('Bad Request', ADMIN_MSG.badTimeRange);
    if (query.actor) {
      // An id as stored (a user id, 'system', 'anonymous'), or a member's username.
      const id = UUID.test(query.actor) ? query.actor.toLowerCase() : await this.log.userIdOf(this.db, query.actor);
      filter.actors = id ? [id] : [query.actor];
    }
    return filter;
  }
}
