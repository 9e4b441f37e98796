import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StreamingQuality, UploadFormat } from '@stardeck/contracts';
import {
  FLAC_FILE, MP3_RENDITIONS, decoderArgs, mp3SampleRate, pcmEncoderArgs, videoEncoderArgs, type EncodePlan, type VideoPlan,
} from './encoders';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { FfmpegProcess, describeExit, succeeded, type FfmpegExit } from './ffmpeg-process';
import { PEAKS_SAMPLE_RATE, PeakAccumulator, type Peaks } from './peaks';
import { isLosslessCodec, probeAudio, type SourceInfo } from './probe';
import { flacFacts, mp3Facts, readHead, type SampleFacts } from './rendition-info';
import { REASONS, TranscodeError } from './transcode-error';
import { makeVideoFiles, type VideoFiles } from './video-files';

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
  /** The MP4 rendition and poster of a video upload with a picture; null otherwise. */
  video: VideoFiles | null;
}

export interface PipelineOptions {
  sourcePath: string;
  /** The format the API sniffed from the upload's bytes; ffmpeg reads the file as this and nothing else. */
  format: UploadFormat;
  /**
   * The upload was accepted as video (a video container from a member allowed video uploads): if
   * it has a picture stream, an MP4 rendition and a poster are made beside the audio.
   */
  video?: boolean;
  /** The upload's format is lossless; a FLAC rendition is made only if the codec agrees. */
  lossless: boolean;
  /** Where the renditions are written; the caller owns and removes it. */
  outputDir: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /**
   * Longest audio accepted, in seconds: work grows with duration, not file size (a few hundred
   * KB of compressed silence can decode to hours). Checked against the stated length before
   * decoding and against the decoded length while decoding, since a header may lie.
   */
  maxDurationSeconds?: number;
  /** ffmpeg is stopped and the job failed when encoding takes longer than this. */
  timeLimitMs?: number;
  /**
   * Called with the probed facts before anything is decoded (`source.video` set when a video
   * rendition will be made): throws a TranscodeError to refuse the file.
   */
  admit?: (source: SourceInfo) => Promise<void>;
}

/**
 * The source is decoded once, by the first of two ffmpeg processes running side by side (ffmpeg 5
 * runs one process's encoders one after another on a single thread, and LAME has no threads):
 *
 *   source ─▶ ffmpeg #1 ─┬─▶ high.mp3, lossless.flac
 *                        ├─ fd 1: mono 8 kHz float PCM ─▶ Node: waveform peaks
 *                        └─ fd 3: float PCM at the MP3 rate ─▶ stdin of ffmpeg #2 ─▶ standard.mp3
 *
 * The PCM between them flows through an OS pipe, not through Node: the kernel's pipe buffer is
 * the only buffering and a slower second encoder simply holds the first one back. Either process
 * failing stops the other; cancelling stops both.
 */
export async function transcodeAudio(options: PipelineOptions): Promise<PipelineResult> {
  ffmpegBinaries();
  // Frame sizes are checked here, by the probe, before any frame is decoded.
  const source = await probeAudio(options.sourcePath, options.format, { video: options.video });
  const { maxDurationSeconds } = options;
  if (maxDurationSeconds !== undefined && source.duration > maxDurationSeconds) {
    throw new TranscodeError(REASONS.tooLong(maxDurationSeconds), `the file states ${source.duration.toFixed(1)} s`);
  }
  await options.admit?.(source);
  const plan: EncodePlan = {
    sourcePath: options.sourcePath,
    sourceFormat: options.format,
    outputDir: options.outputDir,
    makeFlac: options.lossless && isLosslessCodec(source.codec),
    mp3Rate: mp3SampleRate(source.sample_rate),
    mp3Channels: Math.min(source.channels, 2),
  };
  const peaks = new PeakAccumulator();
  // The picture is cut where the sound (as stated, and at most as long as allowed) ends.
  const videoPlan: VideoPlan | null = source.video && {
    sourcePath: options.sourcePath, sourceFormat: options.format, outputDir: options.outputDir,
    // Half a second of slack: the picture's last frame may start just after the sound's last sample.
    maxSeconds: Math.ceil(Math.min(source.duration || Infinity, maxDurationSeconds ?? Infinity, 24 * 3600) * 10) / 10 + 0.5,
  };

  await runEncoders(plan, source.duration, peaks, options, videoPlan);

  const decodedSeconds = peaks.sampleCount / PEAKS_SAMPLE_RATE;
  if (peaks.sampleCount === 0) throw new TranscodeError(REASONS.empty);
  // ffmpeg stops quietly at the end of a cut-off file; only the header knows how long it should be.
  if (source.duration - decodedSeconds > 1 && decodedSeconds < source.duration * 0.9) {
    throw new TranscodeError(REASONS.truncated, `decoded ${decodedSeconds.toFixed(2)} s of ${source.duration.toFixed(2)} s`);
  }

  const renditions: RenditionFile[] = [];
  const mp3Known = { channels: plan.mp3Channels, sampleRate: plan.mp3Rate, seconds: decodedSeconds };
  for (const mp3 of MP3_RENDITIONS) {
    const path = join(options.outputDir, mp3.file);
    renditions.push(await describe(mp3.quality, path, 'audio/mpeg', mp3Facts(await readHead(path), plan.mp3Rate), mp3Known, mp3.kbps * 1000));
  }
  if (plan.makeFlac) {
    const path = join(options.outputDir, FLAC_FILE);
    renditions.push(await describe('flac', path, 'audio/flac', flacFacts(await readHead(path)), { channels: source.channels, sampleRate: source.sample_rate, seconds: decodedSeconds }));
  }
  const video = videoPlan && (await makeVideoFiles(options.outputDir, options.signal));
  options.onProgress?.(100);
  return { source, duration: renditions[0]!.duration, renditions, peaks: peaks.result(), video };
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

/**
 * Runs the decoder and the PCM encoder to the end, reporting the position of the one that is
 * behind in whole percents (99 at most until the job is done).
 */
async function runEncoders(plan: EncodePlan, duration: number, peaks: PeakAccumulator, options: PipelineOptions, videoPlan: VideoPlan | null): Promise<void> {
  const { signal } = options;
  if (signal?.aborted) throw signal.reason;
  const withPcm = MP3_RENDITIONS.some((mp3) => mp3.fromPcm);
  const times = [0, withPcm ? 0 : Infinity, videoPlan ? 0 : Infinity];
  let lastPercent = -1;
  const onTime = (index: number) => (seconds: number) => {
    times[index] = seconds;
    if (duration <= 0) return;
    const percent = Math.min(99, Math.floor((Math.min(...times) / duration) * 100));
    if (percent > lastPercent) {
      lastPercent = percent;
      options.onProgress?.(percent);
    }
  };

  // The encoder starts first, so that the write end of its stdin pipe can become the decoder's fd 3.
  const encoder = withPcm ? new FfmpegProcess('MP3 encoder (PCM input)', pcmEncoderArgs(plan), ['pipe', 'ignore', 'pipe'], onTime(1)) : null;
  let decoder: FfmpegProcess;
  try {
    decoder = new FfmpegProcess('decoder', decoderArgs(plan), ['ignore', 'pipe', 'pipe', encoder?.child.stdin ?? 'ignore'], onTime(0));
  } catch (error) {
    encoder?.kill();
    throw error;
  } finally {
    // Only the two processes hold the pipe from here on: the encoder reads to the end when the
    // decoder exits, and the decoder gets EPIPE if the encoder dies.
    encoder?.child.stdin?.destroy();
  }
  // The picture is encoded by a process of its own, beside the sound: x264 has threads of its own,
  // and a picture that fails to decode is told apart from sound that does.
  let video: FfmpegProcess | null = null;
  if (videoPlan) {
    try {
      video = new FfmpegProcess('video encoder', videoEncoderArgs(videoPlan), ['ignore', 'ignore', 'pipe'], onTime(2));
    } catch (error) {
      decoder.kill();
      encoder?.kill();
      throw error;
    }
  }
  const processes = [decoder, ...(encoder ? [encoder] : []), ...(video ? [video] : [])];
  const stopAll = () => processes.forEach((p) => p.kill());
  // A limit that trips stops both processes; the first reason is the one the member reads.
  let overLimit: TranscodeError | null = null;
  const stopFor = (reason: TranscodeError) => {
    overLimit ??= reason;
    stopAll();
  };
  // A second of slack: a file just under the limit by its header must not fail on resampling rounding.
  const maxSamples = options.maxDurationSeconds === undefined ? Infinity : (options.maxDurationSeconds + 1) * PEAKS_SAMPLE_RATE;
  // Consumed as it arrives: while Node is busy, the pipe fills up and ffmpeg waits.
  decoder.child.stdout!.on('data', (chunk: Buffer) => {
    peaks.push(chunk);
    if (peaks.sampleCount > maxSamples) stopFor(new TranscodeError(REASONS.tooLong(options.maxDurationSeconds!), 'the decoded audio outgrew the limit'));
  });
  const timeLimit = options.timeLimitMs;
  const timer = timeLimit === undefined ? null : setTimeout(() => stopFor(new TranscodeError(REASONS.tooSlow(timeLimit / 1000))), timeLimit);

  signal?.addEventListener('abort', stopAll, { once: true });
  // Whichever fails first stops the other, rather than leaving it to finish work that is lost anyway.
  for (const p of processes) void p.exited.then((exit) => succeeded(exit) || stopAll());
  const exits = await Promise.all(processes.map((p) => p.exited));
  const decoded = exits[0]!;
  const encoded = encoder ? exits[1] : undefined;
  const pictured = video ? exits[exits.length - 1] : undefined;
  signal?.removeEventListener('abort', stopAll);
  if (timer) clearTimeout(timer);

  if (signal?.aborted) throw signal.reason;
  if (overLimit) throw overLimit;
  // The encoder only sees PCM the decoder made, so its failure is ours (disk, memory, a crash) and
  // worth a retry. It goes first: the decoder then dies of a broken pipe, which says nothing.
  if (encoder && encoded && !succeeded(encoded) && !encoded.killedByUs) throw new Error(describeExit(encoder.label, encoded));
  // A picture that fails to decode stops the sound's processes: its own failure is the one to tell.
  if (video && pictured && !succeeded(pictured) && !pictured.killedByUs) throw decoderFailure(video.label, pictured, REASONS.videoUndecodable);
  if (!succeeded(decoded)) throw decoderFailure(decoder.label, decoded);
  if (video && pictured && !succeeded(pictured)) throw decoderFailure(video.label, pictured, REASONS.videoUndecodable);
}

/** A crash or a full disk may pass on another attempt; anything else is the file's fault. */
export function decoderFailure(label: string, exit: FfmpegExit, reason: string = REASONS.undecodable): Error {
  const ours = exit.spawnError || exit.signal || /No space left|Cannot allocate memory/i.test(exit.stderr);
  return ours ? new Error(describeExit(label, exit)) : new TranscodeError(reason, lastLines(exit.stderr));
}

const lastLines = (text: string) => text.trim().split('\n').slice(-5).join('\n');
