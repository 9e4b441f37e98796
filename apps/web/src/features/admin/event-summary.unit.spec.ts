import { describe, expect, it } from 'vitest';
import { actorLabel, eventSummary } from './event-summary';

describe('event one-line summaries', () => {
  it('puts the telling fields first, then ids, values shortened', () => {
    const line = eventSummary({ data: { track_id: 42, tags: [{ id: 1 }, { id: 2 }], title: 'second take', visibility: 'public', description: null } });
    expect(line).toBe('title="second take" visibility="public" track_id=42 tags=[2] description=null');
  });

  it('cuts long values and long lines', () => {
    const line = eventSummary({ data: { message: 'x'.repeat(100), a: 'y'.repeat(100), b: 'z'.repeat(100) } });
    expect(line.length).toBeLessThanOrEqual(90);
    expect(line.startsWith(`message="${'x'.repeat(39)}…"`)).toBe(true);
    expect(line.endsWith('…')).toBe(true);
  });

  it('shows a redacted secret as it is stored for readers', () => {
    expect(eventSummary({ data: { invite_id: 'i1', key: '[redacted]' } })).toBe('invite_id="i1" key="[redacted]"');
  });

  it('names a member actor by username, anything else as recorded', () => {
    expect(actorLabel({ metadata: { actor: 'u-1' }, actor_username: 'nova' })).toBe('@nova');
    expect(actorLabel({ metadata: { actor: 'system' }, actor_username: null })).toBe('system');
    expect(actorLabel({ metadata: {}, actor_username: null })).toBe('—');
  });
});
