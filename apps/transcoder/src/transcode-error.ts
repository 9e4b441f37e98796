/**
 * A failure that retrying cannot fix (the upload is not decodable audio, or it is over a limit).
 * Its message is shown to the member as the track's failure reason, so it is a plain sentence.
 */
export class TranscodeError extends Error {
  constructor(message: string, readonly detail?: string) {
    super(message);
    this.name = 'TranscodeError';
  }
}

/** "3-hour", "90-minute", "45-second": a limit as a member reads it ("the 3-hour limit"). */
function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}-hour`;
  if (seconds % 60 === 0) return `${seconds / 60}-minute`;
  return `${Math.round(seconds * 10) / 10}-second`;
}

export const REASONS = {
  undecodable: 'The file could not be decoded as audio.',
  noAudio: 'The file contains no audio track.',
  empty: 'The file contains no audio samples.',
  truncated: 'The file appears to be truncated or damaged: it ends early.',
  tooLong: (maxSeconds: number) => `The track is longer than the ${duration(maxSeconds)} limit.`,
  frameTooLarge: (maxSide: number) => `The video's frames are larger than ${maxSide}×${maxSide} pixels.`,
  videoUndecodable: 'The video in the file could not be decoded.',
  tooSlow: (limitSeconds: number) => `Processing the file took longer than the ${duration(limitSeconds)} limit.`,
  /** For jobs that kept failing for reasons of ours (storage or ffmpeg crashing), after every retry. */
  gaveUp: 'The file could not be processed. Please try uploading it again.',
} as const;
