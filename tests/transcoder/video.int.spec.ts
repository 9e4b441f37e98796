import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadFormat } from '@stardeck/contracts';
import { REASONS, TranscodeError, transcodeAudio, withJobDirectory, type PipelineOptions, type PipelineResult } from '@stardeck/transcoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudioFixtures, probeVideo, topLevelBoxes, type AudioFixtures } from '../support/audio-fixtures';

let fixtures: AudioFixtures;
let tempRoot: string;

beforeAll(async () => {
  fixtures = await createAudioFixtures();
  tempRoot = await mkdtemp(join(tmpdir(), 'stardeck-video-'));
});

afterAll(async () => {
  await fixtures.remove();
  await rm(tempRoot, { recursive: true, force: true });
});

interface Made {
  result: PipelineResult;
  /** What the ffprobe of the rendition and the poster's first bytes say, read before the job directory goes. */
  rendition: Awaited<ReturnType<typeof probeVideo>> | null;
  boxes: string[];
  poster: Buffer | null;
  files: string[];
}

/** Runs the pipeline as the worker does for a video upload, and reads what it made. */
async function transcode(source: string, format: UploadFormat, options: Partial<PipelineOptions> = {}): Promise<Made> {
  return withJobDirectory(tempRoot, async (dir) => {
    const outputDir = join(dir, 'out');
    await mkdir(outputDir);
    const result = await transcodeAudio({ sourcePath: source, format, lossless: false, outputDir, video: true, maxDurationSeconds: 600, ...options });
    const video = result.video;
    return {
      result,
      rendition: video && (await probeVideo(video.path)),
      boxes: video ? await topLevelBoxes(video.path) : [],
      poster: video && (await readFile(video.poster.path)),
      files: (await readdir(outputDir)).sort(),
    };
  });
}

describe('video uploads in the transcoder', () => {
  it('makes the audio renditions and peaks, an H.264/AAC MP4 with its moov in front, and a JPEG poster of a 640×360 MP4', async () => {
    const { result, rendition, boxes, poster, files } = await transcode(await fixtures.video('mp4'), 'mp4');
    expect(files).toEqual(['high.mp3', 'poster.jpg', 'standard.mp3', 'video.mp4']);
    expect(result.duration).toBeCloseTo(3, 1);
    expect(result.peaks.data.some((v) => Math.abs(v) > 0.1)).toBe(true);
    expect(rendition).toMatchObject({ codec: 'h264', width: 640, height: 360, audioCodec: 'aac' });
    expect(rendition!.duration).toBeCloseTo(3, 0);
    expect(result.video).toMatchObject({ width: 640, height: 360, content_type: 'video/mp4', poster: { content_type: 'image/jpeg' } });
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect([...poster!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('fits a 1080p WebM and a tall MOV within 720 lines, each at its own aspect ratio', async () => {
    const webm = await transcode(await fixtures.video('webm', { width: 1920, height: 1080, seconds: 1, rate: 5 }), 'webm');
    expect(webm.rendition).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(webm.result.video).toMatchObject({ width: 1280, height: 720 });
    const tall = await transcode(await fixtures.video('mov', { width: 360, height: 1080, seconds: 1, rate: 5 }), 'mov');
    expect(tall.rendition).toMatchObject({ width: 240, height: 720 });
  });

  it('cuts a picture that runs on past the sound where the sound ends', async () => {
    const { rendition, result } = await transcode(await fixtures.video('mkv', { width: 160, height: 90, seconds: 2, pictureSeconds: 30, rate: 5 }), 'mkv');
    expect(result.duration).toBeCloseTo(2, 1);
    expect(rendition!.duration).toBeLessThanOrEqual(3);
  });

  it('refuses a frame wider than 4096 pixels from the probe, before decoding anything', async () => {
    const wide = await fixtures.video('mp4', { width: 4112, height: 64, seconds: 1, rate: 1 });
    let admitted = false;
    const error = await transcode(wide, 'mp4', { admit: async () => { admitted = true; } }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(TranscodeError);
    expect((error as Error).message).toBe(REASONS.frameTooLarge(4096));
    expect((error as Error).message).toBe('The video\'s frames are larger than 4096×4096 pixels.');
    expect(admitted).toBe(false);
  });

  it('tells the quota check that a video will be made, before encoding', async () => {
    let planned: unknown = null;
    await transcode(await fixtures.video('mp4', { width: 160, height: 90, seconds: 1, rate: 5 }), 'mp4', { admit: async (source) => { planned = source.video; } });
    expect(planned).toEqual({ codec: 'h264', width: 160, height: 90 });
  });

  it('makes no video of a video container without a picture, nor of a picture when the upload was not accepted as video', async () => {
    const soundOnly = await transcode(await fixtures.make('m4a'), 'mp4');
    expect(soundOnly.result.video).toBeNull();
    expect(soundOnly.files).toEqual(['high.mp3', 'standard.mp3']);
    const asAudio = await transcode(await fixtures.video('mp4', { width: 160, height: 90, seconds: 1, rate: 5 }), 'm4a', { video: false });
    expect(asAudio.result.video).toBeNull();
    expect(asAudio.files).toEqual(['high.mp3', 'standard.mp3']);
  });
});
