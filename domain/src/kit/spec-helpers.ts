import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectPglite, migrateToLatest, type DbHandle, type Database, type StoredEvent } from '@stardeck/infra';
import { sql } from 'kysely';
import { afterAll, expect, inject } from 'vitest';
import { fold, isDomainError, type Decider } from './decider';
import type { Projection } from './projection';

/**
 * Decider specifications as Emmett writes them:
 * `given(pastEvents).when(command).then(newEvents)` or `.thenFails(code)`.
 */
export function deciderSpec<C, E extends { type: string }, S>(decider: Decider<C, E, S>) {
  return (past: E[]) => ({
    when: (command: C) => {
      const outcome = decider.decide(command, fold(decider, past));
      return {
        then(expected: E[]) {
          if (isDomainError(outcome)) throw new Error(`expected events, got refusal ${outcome.code}: ${outcome.message}`);
          expect(outcome).toEqual(expected);
        },
        thenNothing() {
          expect(isDomainError(outcome) ? outcome.code : outcome).toEqual([]);
        },
        thenFails(code: string) {
          expect(isDomainError(outcome) ? outcome.code : outcome).toBe(code);
        },
      };
    },
  });
}

type TableName = keyof Database & string;

export interface ProjectionSpecOptions {
  /**
   * Read models the projection reads or points at (the accounts an invite names, the track a
   * dispatch looks up). Each event is applied to them first, all of them before the projection
   * under test, as inline read models are written with their events and others catch up later.
   */
  alongside?: readonly Projection[];
}

/**
 * Projection specifications: `given(events).then(table, rows)`. Each spec file gets its own
 * in-memory Postgres (PGlite) with every migration applied; each `given` starts from the
 * projections' reset and applies the events in one transaction, as the projector would. An event
 * that neither the projection nor those alongside handle is a mistake in the spec and fails it.
 */
export function projectionSpec(projection: Projection, options: ProjectionSpecOptions = {}) {
  const alongside = options.alongside ?? [];
  let handle: Promise<DbHandle> | null = null;
  let copy: string | null = null;
  const database = () => (handle ??= openSpecDatabase((dir) => (copy = dir)));
  afterAll(async () => {
    if (handle) await (await handle).close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  return (...events: SpecEvent[]) => {
    const applied = (async () => {
      const { db } = await database();
      const log = events.map((event, i) => stored(event, i + 1));
      for (const event of log) {
        if (![projection, ...alongside].some((p) => p.handles.includes(event.type))) throw new Error(`no projection of this spec handles ${event.type}`);
      }
      await db.transaction().execute(async (tx) => {
        // As in a rebuild: rows pointing at an emptied read model are checked once it is filled again.
        await sql`set constraints all deferred`.execute(tx);
        for (const p of [projection, ...alongside]) await p.reset(tx);
        for (const p of [...alongside, projection]) {
          for (const event of log) if (p.handles.includes(event.type)) await p.apply(event, tx);
        }
      });
      return db;
    })();
    return {
      /** Every row of `table`, ordered by `orderBy` (default: its first column), matching `rows` field by field. */
      async then(table: TableName, rows: Record<string, unknown>[], orderBy?: string) {
        const db = await applied;
        const all = await db.selectFrom(table).selectAll().execute() as Record<string, unknown>[];
        const key = orderBy ?? Object.keys(all[0] ?? rows[0] ?? {})[0];
        const sorted = key ? [...all].sort((a, b) => compare(a[key], b[key])) : all;
        expect(sorted).toHaveLength(rows.length);
        expect(sorted).toMatchObject(rows);
      },
      /** Rows of an arbitrary read query (joins, counts) against the projected tables. */
      async thenQuery<R>(query: (db: DbHandle['db']) => Promise<R>, expected: R) {
        expect(await query(await applied)).toEqual(expected);
      },
    };
  };
}

/**
 * A copy of the test run's migrated PGlite template when the run made one (a fresh PGlite spends
 * seconds on initdb); otherwise a new in-memory one, migrated here.
 */
async function openSpecDatabase(onCopy: (dir: string) => void): Promise<DbHandle> {
  const template = inject('pgliteTemplate') as string | undefined;
  if (template) {
    const dir = mkdtempSync(join(tmpdir(), 'stardeck-projection-spec-'));
    onCopy(dir);
    cpSync(template, join(dir, 'pglite'), { recursive: true });
    return connectPglite(join(dir, 'pglite'));
  }
  const db = await connectPglite(null);
  await migrateToLatest(db.db);
  return db;
}

export interface SpecEvent {
  type: string;
  data: object;
  /** Defaults to `{type}-spec`; set it when the projection reads stream ids or versions. */
  stream_id?: string;
  stream_version?: number;
  /** Defaults to the event's place in the spec; set it to apply one logged event twice. */
  global_position?: number;
  recorded_at?: Date;
  metadata?: StoredEvent['metadata'];
}

const EPOCH = Date.parse('2026-01-01T00:00:00Z');

function stored(event: SpecEvent, place: number): StoredEvent {
  const position = event.global_position ?? place;
  return {
    global_position: position,
    transaction_id: String(position),
    stream_id: event.stream_id ?? `${event.type}-spec`,
    stream_version: event.stream_version ?? place,
    type: event.type,
    schema_version: 1,
    data: event.data as Record<string, unknown>,
    metadata: event.metadata ?? { actor: 'system' },
    event_id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    recorded_at: event.recorded_at ?? new Date(EPOCH + position * 1000),
  };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}
