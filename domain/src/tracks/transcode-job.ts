import type { UploadFormat } from '@stardeck/contracts';
import type { TranscodeJob } from '@stardeck/infra';

/** The one way a track becomes a transcode job: the dispatcher and the restart re-queue both use it. */
export function transcodeJobOf(track: { track_id: number; source_key: string; extension: string; lossless: boolean }): { id: string; job: TranscodeJob } {
  return {
    // One job id per track: the queue drops a duplicate enqueue of the same track.
    id: `track-${track.track_id}`,
    // The track's extension is the format sniffed from its stored bytes at create.
    job: { track_id: String(track.track_id), source_key: track.source_key, source_format: track.extension as UploadFormat, lossless: track.lossless },
  };
}
