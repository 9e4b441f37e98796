import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { StreamingQuality } from '@stardeck/contracts';
import ffmpeg from 'fluent-ffmpeg';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { PEAKS_SAMPLE_RATE, PeakAccumulator, type Peaks } from './peaks';
import { isLosslessCodec, probeAudio, type SourceInfo } from './probe';
import { flacFacts, mp3Facts, readHead, type SampleFacts } from './rendition-info';
import { REASONS, TranscodeError } from './transcode-error';

export interface RenditionFile {
  quality: StreamingQuality;
  path: string;
  content_type: 'audio/mpeg' | 'audio/flac';
  bytes: number;
  /** Bits per second: the constant rate for MP3, the average for FLAC. */
  bitrate: number;
  /** Seconds of audio, from the exact sample count (padding excluded). */
  duration: number;
  /** Samples per channel of audio, delay and padding excluded. */
  samples: number;
  sample_rate: number;
  channels: number;
  /**
   * Gapless playback: samples of encoder silence before the audio and after it. An MP3 decoder
   * adds 529 samples of its own delay (MP3_DECODER_DELAY) in front of `encoder_delay`.
   */
  encoder_delay: number;
  encoder_padding: number;
}

export interface PipelineResult {
  source: SourceInfo;
  /** Seconds of audio, exact to the sample. */
  duration: number;
  renditions: RenditionFile[];
  peaks: Peaks;
}

export interface PipelineOptions {
  sourcePath: string;
  /** The upload's format is lossless; a FLAC rendition is made only if the codec agrees. */
  lossless: boolean;
  /** Where the renditions are written; the caller owns and removes it. */
  outputDir: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface Mp3Spec {
  quality: 'standard' | 'high';
  file: string;
  kbps: number;
  /**
   * LAME's algorithm quality (0 best … 9 fastest; ffmpeg leaves LAME's default 3). ffmpeg 5 runs
   * encoders one after another, so the two MP3s dominate a job: 5 costs little quality at 128
   * kbps, and at 320 kbps the bit budget hides 7's coarser noise shaping (bench/transcode.mjs).
   */
  compressionLevel: number;
}

const MP3_RENDITIONS: Mp3Spec[] = [
  { quality: 'standard', file: 'standard.mp3', kbps: 128, compressionLevel: 5 },
  { quality: 'high', file: 'high.mp3', kbps: 320, compressionLevel: 7 },
];

/** MPEG-1 Layer III allows 32, 44.1 and 48 kHz at 128 and 320 kbps; others are resampled. */
function mp3SampleRate(source: number): number {
  if ([32_000, 44_100, 48_000].includes(source)) return source;
  return source > 44_100 && source % 48_000 === 0 ? 48_000 : 44_100;
}

/**
 * One ffmpeg process decodes the source once and writes every rendition, plus mono 8 kHz float
 * PCM on stdout from which the waveform peaks are computed as it streams.
 */
export async function transcodeAudio(options: PipelineOptions): Promise<PipelineResult> {
  ffmpegBinaries();
  const source = await probeAudio(options.sourcePath);
  const makeFlac = options.lossless && isLosslessCodec(source.codec);
  const mp3Rate = mp3SampleRate(source.sample_rate);
  const mp3Channels = Math.min(source.channels, 2);
  const peaks = new PeakAccumulator();

  const command = ffmpeg(options.sourcePath);
  for (const mp3 of MP3_RENDITIONS) {
    command.output(join(options.outputDir, mp3.file)).outputOptions([
      '-map', '0:a:0', '-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', `${mp3.kbps}k`,
      '-compression_level', String(mp3.compressionLevel), '-ar', String(mp3Rate), '-ac', String(mp3Channels),
    ]);
  }
  if (makeFlac) {
    command.output(join(options.outputDir, 'lossless.flac')).outputOptions(['-map', '0:a:0', '-map_metadata', '-1', '-c:a', 'flac']);
  }
  const pcm = new Writable({
    write(chunk: Buffer, _encoding, done) {
      peaks.push(chunk);
      done();
    },
  });
  command.output(pcm, { end: true }).outputOptions(['-map', '0:a:0', '-ac', '1', '-ar', String(PEAKS_SAMPLE_RATE), '-c:a', 'pcm_f32le', '-f', 'f32le']);

  await run(command, source.duration, options);

  const decodedSeconds = peaks.sampleCount / PEAKS_SAMPLE_RATE;
  if (peaks.sampleCount === 0) throw new TranscodeError(REASONS.empty);
  // ffmpeg stops quietly at the end of a cut-off file; only the header knows how long it should be.
  if (source.duration - decodedSeconds > 1 && decodedSeconds < source.duration * 0.9) {
    throw new TranscodeError(REASONS.truncated, `decoded ${decodedSeconds.toFixed(2)} s of ${source.duration.toFixed(2)} s`);
  }

  const renditions: RenditionFile[] = [];
  for (const mp3 of MP3_RENDITIONS) {
    const path = join(options.outputDir, mp3.file);
    const facts = mp3Facts(await readHead(path), mp3Rate);
    renditions.push(await describe(mp3.quality, path, 'audio/mpeg', facts, { channels: mp3Channels, sampleRate: mp3Rate, seconds: decodedSeconds }, mp3.kbps * 1000));
  }
  if (makeFlac) {
    const path = join(options.outputDir, 'lossless.flac');
    renditions.push(await describe('flac', path, 'audio/flac', flacFacts(await readHead(path)), { channels: source.channels, sampleRate: source.sample_rate, seconds: decodedSeconds }));
  }
  options.onProgress?.(100);
  return { source, duration: renditions[0]!.duration, renditions, peaks: peaks.result() };
}

async function describe(
  quality: StreamingQuality,
  path: string,
  contentType: RenditionFile['content_type'],
  read: SampleFacts | null,
  known: { channels: number; sampleRate: number; seconds: number },
  constantBitrate?: number,
): Promise<RenditionFile> {
  const { size } = await stat(path);
  // Without a readable header, the length decoded for the peaks stands in.
  const facts = read ?? { totalSamples: Math.round(known.seconds * known.sampleRate), sampleRate: known.sampleRate, encoderDelay: 0, encoderPadding: 0 };
  const duration = facts.totalSamples / facts.sampleRate;
  return {
    quality,
    path,
    content_type: contentType,
    bytes: size,
    bitrate: constantBitrate ?? (duration > 0 ? Math.round((size * 8) / duration) : 0),
    duration: Math.round(duration * 1000) / 1000,
    samples: facts.totalSamples,
    sample_rate: facts.sampleRate,
    channels: known.channels,
    encoder_delay: facts.encoderDelay,
    encoder_padding: facts.encoderPadding,
  };
}

/** Runs ffmpeg, turning its time stamps into whole percents (99 at most until it is done). */
function run(command: ffmpeg.FfmpegCommand, duration: number, options: PipelineOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let lastPercent = -1;
    const onAbort = () => command.kill('SIGKILL');
    if (options.signal?.aborted) return reject(options.signal.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (error?: unknown) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    command
      .on('progress', (progress: { timemark?: string }) => {
        const seconds = parseTimemark(progress.timemark);
        if (seconds === null || duration <= 0) return;
        const percent = Math.min(99, Math.floor((seconds / duration) * 100));
        if (percent > lastPercent) {
          lastPercent = percent;
          options.onProgress?.(percent);
        }
      })
      .on('end', () => finish())
      .on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
        if (options.signal?.aborted) return finish(options.signal.reason);
        // A crash or a full disk may pass on another attempt; anything else is the file's fault.
        const ours = /killed with signal|No space left|Cannot allocate memory/i.test(`${error.message}\n${stderr ?? ''}`);
        finish(ours ? error : new TranscodeError(REASONS.undecodable, lastLines(stderr ?? '')));
      })
      .run();
  });
}

function parseTimemark(timemark: string | undefined): number | null {
  const match = /^(-?\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(timemark ?? '');
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

const lastLines = (text: string) => text.trim().split('\n').slice(-5).join('\n');
