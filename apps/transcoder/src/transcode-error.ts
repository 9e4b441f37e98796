/**
 * A failure that retrying cannot fix (the upload is not decodable audio). Its message is shown to
 * the member as the track's failure reason, so it is a plain sentence.
 */
export class TranscodeError extends Error {
  constructor(message: string, readonly detail?: string) {
    super(message);
    this.name = 'TranscodeError';
  }
}

export const REASONS = {
  undecodable: 'The file could not be decoded as audio.',
  noAudio: 'The file contains no audio track.',
  empty: 'The file contains no audio samples.',
  truncated: 'The file appears to be truncated or damaged: it ends early.',
  /** For jobs that kept failing for reasons of ours (storage or ffmpeg crashing), after every retry. */
  gaveUp: 'The file could not be processed. Please try uploading it again.',
} as const;
