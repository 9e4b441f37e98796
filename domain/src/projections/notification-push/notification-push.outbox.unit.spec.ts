import { InProcessSignalBus, type StoredEvent } from '@stardeck/infra';
import { describe, expect, it } from 'vitest';
import type { OutboxStep } from '../../kit/projection';
import { SPEC_MEMBERS } from '../../kit/spec-accounts';
import { NOTIFICATION_SIGNALS, notificationPushOutbox } from './notification-push.outbox';

const { owner, fan } = SPEC_MEMBERS;
const NOW = new Date('2026-03-01T12:00:00Z');

function logged(type: string, data: object, recordedAt: Date): StoredEvent {
  return {
    global_position: 9, transaction_id: '900', stream_id: `${type}-spec`, stream_version: 1, type, schema_version: 1,
    data: data as Record<string, unknown>, metadata: { actor: fan }, event_id: '00000000-0000-4000-8000-000000000009', recorded_at: recordedAt,
  };
}

/** Cases decided before any read: a step whose database is touched fails the spec. */
const untouched = { get db(): never { throw new Error('the database was read'); }, commit: async () => {} } as unknown as OutboxStep;

describe('notification push outbox', () => {
  const heard = async (event: StoredEvent) => {
    const signals = new InProcessSignalBus();
    const got: unknown[] = [];
    await signals.subscribe(NOTIFICATION_SIGNALS, (payload) => got.push(payload));
    await notificationPushOutbox({ signals, clock: { now: () => NOW } }).deliver!(event, untouched);
    await new Promise((resolve) => setImmediate(resolve));
    return got;
  };

  it('pushes nothing for what notifies nobody: one\'s own save, or undoing it', async () => {
    expect(await heard(logged('TrackSaved', { user_id: owner, track_id: 7, track_owner_id: owner }, NOW))).toEqual([]);
    expect(await heard(logged('TrackUnsaved', { user_id: owner, track_id: 7, track_owner_id: owner }, NOW))).toEqual([]);
  });

  it('pushes nothing for an event older than a minute (a replay after downtime): open tabs read the list on connecting', async () => {
    const old = new Date(NOW.getTime() - 61_000);
    expect(await heard(logged('TrackSaved', { user_id: fan, track_id: 7, track_owner_id: owner }, old))).toEqual([]);
    expect(await heard(logged('NotificationsCleared', { user_id: owner, through_position: 4 }, old))).toEqual([]);
  });
});
