import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import { POSTER_FILE, VIDEO_FILE, posterArgs } from './encoders';
import { FfmpegProcess, describeExit, succeeded } from './ffmpeg-process';
import { uploadInput } from './input-format';

export interface VideoFiles {
  path: string;
  bytes: number;
  content_type: 'video/mp4';
  /** The rendition's frame size (square pixels), which the page sizes its player by. */
  width: number;
  height: number;
  poster: { path: string; bytes: number; content_type: 'image/jpeg' };
}

/** A poster from a second in, past a fade from black; from the first frame of a shorter video. */
const POSTER_AT_SECONDS = 1;

/**
 * Reads the frame size of the MP4 the video encoder made and takes its poster frame from it.
 * Both read our own rendition (with the same forced demuxer and file protocol as any input), never
 * the upload again. Failures here are ours, not the file's: they are thrown for a retry.
 */
export async function makeVideoFiles(outputDir: string, signal?: AbortSignal): Promise<VideoFiles> {
  const path = join(outputDir, VIDEO_FILE);
  const input = uploadInput('mp4', path);
  const data = await new Promise<ffmpeg.FfprobeData>((resolve, reject) =>
    ffmpeg.ffprobe(input.url, input.options, (error: unknown, result) => (error ? reject(new Error(`the video rendition cannot be read: ${String(error)}`)) : resolve(result))),
  );
  const picture = data.streams.find((s) => s.codec_type === 'video');
  const width = Number(picture?.width);
  const height = Number(picture?.height);
  if (!(width > 0 && height > 0)) throw new Error('the video rendition has no picture');
  const seconds = Number(picture?.duration ?? data.format.duration) || 0;
  const posterPath = join(outputDir, POSTER_FILE);
  const poster = new FfmpegProcess('poster', posterArgs(outputDir, seconds > 2 * POSTER_AT_SECONDS ? POSTER_AT_SECONDS : 0), ['ignore', 'ignore', 'pipe'], () => {});
  const stop = () => poster.kill();
  signal?.addEventListener('abort', stop, { once: true });
  const exit = await poster.exited;
  signal?.removeEventListener('abort', stop);
  if (signal?.aborted) throw signal.reason;
  if (!succeeded(exit)) throw new Error(describeExit(poster.label, exit));
  return {
    path, bytes: (await stat(path)).size, content_type: 'video/mp4', width, height,
    poster: { path: posterPath, bytes: (await stat(posterPath)).size, content_type: 'image/jpeg' },
  };
}
