import type { JobQueue, TranscodeJob } from '@stardeck/infra';
import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, deleted, onTrack, registered, uploaded } from '../spec-events';
import { tracksProjection } from '../tracks/tracks.projection';
import { usersProjection } from '../users/users.projection';
import { transcodeDispatchProjection } from './transcode-dispatch';

/** A queue that only remembers what was enqueued, in order. */
function recordingQueue(): JobQueue<TranscodeJob> & { sent: [string, TranscodeJob][] } {
  const sent: [string, TranscodeJob][] = [];
  return {
    kind: 'in-process',
    sent,
    enqueue: async (id, job) => void sent.push([id, job]),
    consume: async () => ({ stop: async () => undefined }),
    close: async () => undefined,
  };
}

const queue = recordingQueue();
// The dispatcher follows the log behind the inline tracks model, which it reads: that model
// (and the accounts it points at) has every event applied before the dispatcher sees the first.
const given = projectionSpec(transcodeDispatchProjection(queue), { alongside: [usersProjection, tracksProjection] });

describe('transcode dispatch', () => {
  it("queues each uploaded track's job under the track's id, with what the transcoder decodes", async () => {
    queue.sent.length = 0;
    await given(registered(USER_A, 'Nova'), registered(USER_B, 'Vega'), uploaded(7, USER_A, { extension: 'flac', lossless: true }), uploaded(8, USER_B, { extension: 'mp3', lossless: false, source_key: 'uploads/x/t8.mp3' }))
      .then('tracks', [{ id: 7, status: 'processing' }, { id: 8, status: 'processing' }]);
    expect(queue.sent).toEqual([
      ['track-7', { track_id: '7', source_key: `uploads/${USER_A}/t7.flac`, source_format: 'flac', lossless: true }],
      ['track-8', { track_id: '8', source_key: 'uploads/x/t8.mp3', source_format: 'mp3', lossless: false }],
    ]);
  });

  it('queues nothing for a track deleted or already finished before its upload was dispatched', async () => {
    queue.sent.length = 0;
    await given(
      registered(USER_A, 'Nova'),
      uploaded(7, USER_A),
      deleted(7, USER_A, 2),
      uploaded(8, USER_A),
      onTrack(8, 2, { type: 'TrackTranscodeFailed', data: { track_id: 8, reason: 'undecodable' } }),
      uploaded(9, USER_A),
    ).then('tracks', [{ id: 8, status: 'failed' }, { id: 9, status: 'processing' }]);
    expect(queue.sent.map(([id]) => id)).toEqual(['track-9']);
  });

  it("sends one job per member at a time: a member's further uploads wait, other members' go out at once", async () => {
    queue.sent.length = 0;
    await given(
      registered(USER_A, 'Nova'), registered(USER_B, 'Vega'),
      uploaded(1, USER_A), uploaded(2, USER_A), uploaded(3, USER_A), uploaded(4, USER_B),
    ).then('transcode_dispatch', [
      { track_id: 1, user_id: USER_A, sent: true },
      { track_id: 2, user_id: USER_A, sent: false },
      { track_id: 3, user_id: USER_A, sent: false },
      { track_id: 4, user_id: USER_B, sent: true },
    ], 'track_id');
    expect(queue.sent.map(([id]) => id)).toEqual(['track-1', 'track-4']);
  });
});
