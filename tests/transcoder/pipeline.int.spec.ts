import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MP3_DECODER_DELAY, PEAKS_PAIRS, TranscodeError, transcodeAudio, withJobDirectory, type PipelineResult } from '@stardeck/transcoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_FORMATS, createAudioFixtures, probeFile, type AudioFixtures } from '../support/audio-fixtures';

let fixtures: AudioFixtures;
let tempRoot: string;

beforeAll(async () => {
  fixtures = await createAudioFixtures();
  tempRoot = await mkdtemp(join(tmpdir(), 'stardeck-pipeline-'));
});

afterAll(async () => {
  await fixtures.remove();
  await rm(tempRoot, { recursive: true, force: true });
});

const LOSSLESS = new Set(['wav', 'flac']);

/** Runs the pipeline the way the worker does and checks the renditions while they still exist. */
async function transcode(source: string, lossless: boolean, check: (result: PipelineResult) => Promise<void> = async () => undefined) {
  const progress: number[] = [];
  const result = await withJobDirectory(tempRoot, async (dir) => {
    const outputDir = join(dir, 'out');
    await mkdir(outputDir);
    const r = await transcodeAudio({ sourcePath: source, lossless, outputDir, onProgress: (p) => progress.push(p) });
    await check(r);
    return r;
  });
  return { result, progress };
}

describe('transcode pipeline', () => {
  it.each(FIXTURE_FORMATS)('makes the renditions and peaks of a %s upload', async (format) => {
    const lossless = LOSSLESS.has(format);
    const source = await fixtures.make(format);
    const { result, progress } = await transcode(source, lossless, async (r) => {
      for (const rendition of r.renditions) {
        const probed = await probeFile(rendition.path);
        expect(Math.abs(probed.duration - fixtures.durationSeconds), `${rendition.quality} duration`).toBeLessThan(0.1);
        if (rendition.quality === 'flac') expect(probed.codec).toBe('flac');
        else expect(probed.bitrate).toBe(rendition.quality === 'standard' ? 128_000 : 320_000);
      }
    });

    expect(result.renditions.map((r) => r.quality)).toEqual(lossless ? ['standard', 'high', 'flac'] : ['standard', 'high']);
    expect(Math.abs(result.duration - fixtures.durationSeconds)).toBeLessThan(0.1);
    for (const rendition of result.renditions) {
      expect(rendition.bytes).toBeGreaterThan(0);
      expect(Math.abs(rendition.duration - fixtures.durationSeconds)).toBeLessThan(0.1);
      if (rendition.quality === 'flac') {
        expect([rendition.encoder_delay, rendition.encoder_padding]).toEqual([0, 0]);
      } else {
        // LAME's delay is 576; delay + audio + padding fill whole 1152-sample frames.
        expect(rendition.encoder_delay).toBe(576);
        expect(Math.abs(rendition.samples / rendition.sample_rate - rendition.duration)).toBeLessThan(0.001);
        expect((rendition.encoder_delay + rendition.samples + rendition.encoder_padding) % 1152).toBe(0);
        expect(rendition.encoder_padding).toBeGreaterThanOrEqual(0);
        expect(rendition.encoder_padding).toBeLessThan(1152 + MP3_DECODER_DELAY + 576);
      }
    }

    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);

    const { data, length } = result.peaks;
    expect(length).toBe(PEAKS_PAIRS);
    expect(data).toHaveLength(PEAKS_PAIRS * 2);
    for (let i = 0; i < data.length; i += 2) {
      expect(data[i]!).toBeLessThanOrEqual(data[i + 1]!);
      expect(data[i]!).toBeGreaterThanOrEqual(-1);
      expect(data[i + 1]!).toBeLessThanOrEqual(1);
    }
    // First half tone at amplitude 0.5, second half silence.
    const amplitude = (from: number, to: number) => Math.max(...data.slice(from * 2, to * 2).map(Math.abs));
    expect(amplitude(50, 850)).toBeGreaterThan(0.35);
    expect(amplitude(50, 850)).toBeLessThan(0.65);
    expect(amplitude(950, 1750)).toBeLessThan(0.02);
  });

  it('makes no flac when the upload claims to be lossless but its codec is lossy', async () => {
    const { result } = await transcode(await fixtures.make('mp3'), true);
    expect(result.renditions.map((r) => r.quality)).toEqual(['standard', 'high']);
  });

  it.each([
    ['a truncated flac', () => fixtures.truncatedFlac(), /truncated or damaged/],
    ['a text file named .mp3', () => fixtures.notAudio(), /could not be decoded as audio/],
  ])('fails %s with a readable reason and leaves no temporary files', async (_name, make, reason) => {
    const source = await make();
    const failure = await transcode(source, true).then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(TranscodeError);
    expect((failure as TranscodeError).message).toMatch(reason);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('stops ffmpeg and removes its files when cancelled', async () => {
    const source = await fixtures.make('wav', { seconds: 120 });
    const abort = new AbortController();
    const failure = await withJobDirectory(tempRoot, async (dir) => {
      const outputDir = join(dir, 'out');
      await mkdir(outputDir);
      return transcodeAudio({ sourcePath: source, lossless: true, outputDir, signal: abort.signal, onProgress: (p) => p >= 5 && abort.abort(new Error('cancelled')) });
    }).then(() => null, (error: unknown) => error);
    expect((failure as Error).message).toBe('cancelled');
    expect(await readdir(tempRoot)).toEqual([]);
  });
});
