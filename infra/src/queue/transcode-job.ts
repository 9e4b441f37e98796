import type { UploadFormat } from '@stardeck/contracts';

/** A request to make the renditions and peaks of one uploaded track. */
export interface TranscodeJob {
  track_id: string;
  /** Object-storage key of the uploaded original. */
  source_key: string;
  /**
   * The format the API sniffed from the stored bytes when the track was created (never the name
   * the member gave the file). The transcoder opens the file with this format's demuxer only.
   * A video container (mp4, mov, webm, mkv) was accepted from a member allowed video uploads: it
   * gets a video rendition too when it has a video stream.
   */
  source_format: UploadFormat;
  /** True when the upload is a lossless format; only then is a flac rendition made. */
  lossless: boolean;
}

/** Stream and subject of the transcode queue, kept apart from the event stream's subjects. */
export function transcodeQueueNames(natsStream: string, natsSubjectPrefix: string): { stream: string; subject: string } {
  // A subject under the event prefix would overlap the event stream's `{prefix}.>` and be refused,
  // so the queue takes the prefix's parent: `stardeck.events` → `stardeck.jobs.transcode`.
  const dot = natsSubjectPrefix.lastIndexOf('.');
  const root = dot > 0 ? natsSubjectPrefix.slice(0, dot) : `${natsSubjectPrefix}_queue`;
  return { stream: `${natsStream}_TRANSCODE`, subject: `${root}.jobs.transcode` };
}
