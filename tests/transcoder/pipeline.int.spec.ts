import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import type { AudioExtension } from '@stardeck/contracts';
import { MP3_DECODER_DELAY, PEAKS_PAIRS, TranscodeError, ffmpegBinaries, transcodeAudio, withJobDirectory, type PipelineResult, type RenditionFile } from '@stardeck/transcoder';
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
const execFileAsync = promisify(execFile);

/**
 * Samples per channel that ffmpeg decodes from a rendition. Its MP3 decoder honours the LAME tag
 * (drops delay and padding), so this is the audio's true length in any gapless player.
 */
async function decodedSamples(rendition: RenditionFile): Promise<number> {
  const { stdout } = await execFileAsync(ffmpegBinaries().ffmpeg, ['-v', 'error', '-i', rendition.path, '-map', '0:a:0', '-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  return stdout.length / 2 / rendition.channels;
}

/** ffmpeg processes still running with `dir` in their arguments (Linux /proc). */
async function ffmpegProcessesIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name))) {
    const args = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (args.includes('ffmpeg') && args.includes(dir)) found.push(args.replaceAll('\0', ' '));
  }
  return found;
}

/** Runs the pipeline the way the worker does and checks the renditions while they still exist. */
async function transcode(source: string, lossless: boolean, check: (result: PipelineResult) => Promise<void> = async () => undefined) {
  const progress: number[] = [];
  const result = await withJobDirectory(tempRoot, async (dir) => {
    const outputDir = join(dir, 'out');
    await mkdir(outputDir);
    // The fixtures are named after their format, as the API's sniffing would find it.
    const format = extname(source).slice(1) as AudioExtension;
    const r = await transcodeAudio({ sourcePath: source, format, lossless, outputDir, onProgress: (p) => progress.push(p) });
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
        expect(probed.sampleRate, `${rendition.quality} sample rate`).toBe(rendition.sample_rate);
        // The header's count is what a player gets, whichever process encoded the rendition.
        expect(await decodedSamples(rendition), `${rendition.quality} decoded samples`).toBe(rendition.samples);
      }
    });
    // The standard MP3 is made from PCM the decoding process hands over: not one sample lost or added.
    const [standard, high] = result.renditions;
    expect(standard!.samples).toBe(high!.samples);
    if (lossless) for (const r of result.renditions) expect(r.samples, r.quality).toBe(fixtures.durationSeconds * 44_100);

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

  it('resamples and downmixes a 96 kHz 24-bit 5.1 upload to the same samples for both MP3s, and keeps the FLAC as it was', async () => {
    const source = join(fixtures.dir, 'surround-96k.wav');
    await execFileAsync(ffmpegBinaries().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=96000:duration=4,volume=4', '-af', 'pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0', '-c:a', 'pcm_s24le', source]);
    const { result } = await transcode(source, true, async (r) => {
      for (const rendition of r.renditions) expect(await decodedSamples(rendition), rendition.quality).toBe(rendition.samples);
    });
    const [standard, high, flac] = result.renditions;
    for (const mp3 of [standard!, high!]) {
      expect([mp3.sample_rate, mp3.channels, mp3.encoder_delay]).toEqual([48_000, 2, 576]);
      expect(mp3.samples).toBe(4 * 48_000);
    }
    expect([flac!.sample_rate, flac!.channels, flac!.samples]).toEqual([96_000, 6, 4 * 96_000]);
    expect(result.peaks.data[201]!).toBeGreaterThan(0.35);
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

  it('stops both ffmpeg processes and removes their files when cancelled', async () => {
    const source = await fixtures.make('wav', { seconds: 120 });
    const abort = new AbortController();
    let jobDir = '';
    const failure = await withJobDirectory(tempRoot, async (dir) => {
      jobDir = dir;
      const outputDir = join(dir, 'out');
      await mkdir(outputDir);
      return transcodeAudio({ sourcePath: source, format: 'wav', lossless: true, outputDir, signal: abort.signal, onProgress: (p) => p >= 5 && abort.abort(new Error('cancelled')) });
    }).then(() => null, (error: unknown) => error);
    expect((failure as Error).message).toBe('cancelled');
    expect(await ffmpegProcessesIn(jobDir)).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('fails the job with the reason when the second encoder fails, and stops the decoder', async () => {
    const source = await fixtures.make('wav', { seconds: 120 });
    let jobDir = '';
    const started = Date.now();
    const failure = await withJobDirectory(tempRoot, async (dir) => {
      jobDir = dir;
      const outputDir = join(dir, 'out');
      // A directory where the PCM-fed encoder wants to write its MP3: it cannot open its output.
      await mkdir(join(outputDir, 'standard.mp3'), { recursive: true });
      return transcodeAudio({ sourcePath: source, format: 'wav', lossless: true, outputDir });
    }).then(() => null, (error: unknown) => error);
    // Ours, not the file's: a plain error, so the queue retries the job.
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(TranscodeError);
    expect((failure as Error).message).toMatch(/MP3 encoder .*(exited with code|killed).*Is a directory/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await ffmpegProcessesIn(jobDir)).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
  });
});
