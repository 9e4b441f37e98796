import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AudioExtension } from '@stardeck/contracts';
import { TranscodeError, transcodeAudio, withJobDirectory, type PipelineOptions } from '@stardeck/transcoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, type AudioFixtures, type PlaylistKind } from '../support/audio-fixtures';

let fixtures: AudioFixtures;
let tempRoot: string;
/** Someone else's audio, beside the hostile uploads: a relative name in a playlist reaches it. */
let victim: string;

beforeAll(async () => {
  fixtures = await createAudioFixtures();
  tempRoot = await mkdtemp(join(tmpdir(), 'stardeck-hostile-'));
  victim = await fixtures.make('mp3', { seconds: 6 });
});

afterAll(async () => {
  await fixtures.remove();
  await rm(tempRoot, { recursive: true, force: true });
});

type Limits = Pick<PipelineOptions, 'maxDurationSeconds' | 'timeLimitMs'>;

/** Runs the pipeline as the worker does; resolves with its error, or with the renditions it made. */
async function outcome(source: string, format: AudioExtension, limits: Limits = {}) {
  let made: string[] = [];
  const started = Date.now();
  const error = await withJobDirectory(tempRoot, async (dir) => {
    const outputDir = join(dir, 'out');
    await mkdir(outputDir);
    const result = await transcodeAudio({ sourcePath: source, format, lossless: format === 'flac', outputDir, ...limits });
    made = result.renditions.map((r) => `${r.quality}: ${r.duration} s`);
    return null;
  }).catch((failure: unknown) => failure);
  return { error, made, ms: Date.now() - started };
}

/** ffmpeg processes still running on a file (Linux /proc). */
async function ffmpegProcessesOn(path: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name))) {
    const args = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (args.includes('ffmpeg') && args.includes(path)) found.push(args.replaceAll('\0', ' '));
  }
  return found;
}

describe('uploads that try to make ffmpeg read other files', () => {
  const cases: Array<[string, PlaylistKind, () => string]> = [
    ['an HLS playlist naming a file: URL', 'hls', () => `file:${victim}`],
    ['an ffconcat script naming an absolute path', 'ffconcat', () => victim],
    ['an ffconcat script naming a file beside it', 'ffconcat', () => 'clip-6s.mp3'],
  ];

  it.each(cases)('an MP3 whose ID3 tag hides %s fails as undecodable and makes nothing of the named audio', async (_name, kind, target) => {
    const hostile = await fixtures.playlistBehindId3(kind, target());
    const { error, made } = await outcome(hostile, 'mp3');
    // Read as the playlist, the upload would come out as the named 6-second clip.
    expect(made).toEqual([]);
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as TranscodeError).message).toBe('The file could not be decoded as audio.');
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('reads an upload only as the format its bytes were sniffed as', async () => {
    const { error } = await outcome(await fixtures.make('wav'), 'mp3');
    expect(error).toBeInstanceOf(TranscodeError);
  });
});

describe('limits on the work one upload can cause', () => {
  it('fails audio longer than the limit before decoding it: 20 minutes of silence in a small FLAC', async () => {
    const silence = await fixtures.silentFlac(1200);
    const { error, ms } = await outcome(silence, 'flac', { maxDurationSeconds: 60 });
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as TranscodeError).message).toBe('The track is longer than the 1-minute limit.');
    expect(ms).toBeLessThan(5_000);
  });

  it('stops decoding once the audio passes the limit when the header states no length', async () => {
    const silence = await fixtures.silentFlac(600, { streamed: true });
    const { error, made } = await outcome(silence, 'flac', { maxDurationSeconds: 30 });
    expect(made).toEqual([]);
    expect((error as TranscodeError).message).toBe('The track is longer than the 30-second limit.');
    expect(await ffmpegProcessesOn(silence)).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('stops ffmpeg and fails the track when encoding takes longer than the time limit', async () => {
    const long = await fixtures.make('wav', { seconds: 120 });
    const { error, ms } = await outcome(long, 'wav', { timeLimitMs: 300 });
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as TranscodeError).message).toBe('Processing the file took longer than the 0.3-second limit.');
    expect(ms).toBeLessThan(5_000);
    expect(await ffmpegProcessesOn(long)).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
  });
});
