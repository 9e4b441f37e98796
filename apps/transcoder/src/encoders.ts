import { join } from 'node:path';
import { VIDEO_MAX_HEIGHT, type UploadFormat } from '@stardeck/contracts';
import { uploadInput } from './input-format';
import { PEAKS_SAMPLE_RATE } from './peaks';

export interface Mp3Spec {
  quality: 'standard' | 'high';
  file: string;
  kbps: number;
  /**
   * LAME's algorithm quality (0 best … 9 fastest; ffmpeg leaves LAME's default 3). The two MP3s
   * dominate a job: 5 costs little quality at 128 kbps, and at 320 kbps the bit budget hides 7's
   * coarser noise shaping (bench/transcode.mjs).
   */
  compressionLevel: number;
  /**
   * Encoded by the second process from the decoded PCM (see `transcodeAudio`). ffmpeg 5 runs the
   * encoders of one process one after another on one thread, so the costliest encoder (128 kbps
   * at level 5 takes about as long as everything else together) runs beside the decoding process.
   */
  fromPcm: boolean;
}

export const MP3_RENDITIONS: Mp3Spec[] = [
  { quality: 'standard', file: 'standard.mp3', kbps: 128, compressionLevel: 5, fromPcm: true },
  { quality: 'high', file: 'high.mp3', kbps: 320, compressionLevel: 7, fromPcm: false },
];

export const FLAC_FILE = 'lossless.flac';

/**
 * What the constant-bitrate renditions of `seconds` of audio take: known before encoding, so a
 * track that cannot fit the owner's quota fails before any CPU is spent on it. A FLAC rendition
 * has no target rate; it is counted once made.
 */
export function expectedRenditionBytes(seconds: number): number {
  return Math.ceil(MP3_RENDITIONS.reduce((sum, mp3) => sum + (mp3.kbps * 1000) / 8, 0) * seconds);
}

/** MPEG-1 Layer III allows 32, 44.1 and 48 kHz at 128 and 320 kbps; others are resampled. */
export function mp3SampleRate(source: number): number {
  if ([32_000, 44_100, 48_000].includes(source)) return source;
  return source > 44_100 && source % 48_000 === 0 ? 48_000 : 44_100;
}

export interface EncodePlan {
  sourcePath: string;
  /** The format sniffed from the upload's bytes: it alone picks the demuxer. */
  sourceFormat: UploadFormat;
  outputDir: string;
  makeFlac: boolean;
  /** Rate and channels of both MP3s, and of the PCM handed from the first process to the second. */
  mp3Rate: number;
  mp3Channels: number;
}

/** Paths as `file:` URLs, so a name with a colon is never taken for another ffmpeg protocol. */
const file = (path: string) => `file:${path}`;

const mp3Args = (plan: EncodePlan, mp3: Mp3Spec) => [
  '-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', `${mp3.kbps}k`, '-compression_level', String(mp3.compressionLevel),
  file(join(plan.outputDir, mp3.file)),
];

/**
 * The decoding process: reads the source once and writes the MP3s not made from PCM, the FLAC,
 * mono 8 kHz float PCM for the peaks on stdout (fd 1), and float PCM in the MP3s' rate and
 * channels on fd 3, the second process's stdin. Resampling and downmixing happen here, so both
 * MP3s are made from exactly the same samples.
 */
export function decoderArgs(plan: EncodePlan): string[] {
  const input = uploadInput(plan.sourceFormat, plan.sourcePath);
  const args = [...input.options, '-i', input.url];
  const audio = ['-map', '0:a:0'];
  const mp3Format = ['-ar', String(plan.mp3Rate), '-ac', String(plan.mp3Channels)];
  for (const mp3 of MP3_RENDITIONS.filter((m) => !m.fromPcm)) args.push(...audio, ...mp3Format, ...mp3Args(plan, mp3));
  if (plan.makeFlac) args.push(...audio, '-map_metadata', '-1', '-c:a', 'flac', file(join(plan.outputDir, FLAC_FILE)));
  args.push(...audio, '-ac', '1', '-ar', String(PEAKS_SAMPLE_RATE), '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1');
  if (MP3_RENDITIONS.some((m) => m.fromPcm)) args.push(...audio, ...mp3Format, '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:3');
  return args;
}

/** The second process: float PCM on stdin (exactly the samples the first one encodes) → MP3s. */
export function pcmEncoderArgs(plan: EncodePlan): string[] {
  const args = ['-f', 'f32le', '-ar', String(plan.mp3Rate), '-ac', String(plan.mp3Channels), '-i', 'pipe:0'];
  for (const mp3 of MP3_RENDITIONS.filter((m) => m.fromPcm)) args.push('-map', '0:a:0', ...mp3Args(plan, mp3));
  return args;
}

/** The video rendition of a video upload: H.264 and AAC in an MP4 that can play while it loads. */
export const VIDEO_FILE = 'video.mp4';
export const POSTER_FILE = 'poster.jpg';
/**
 * x264 at constant quality, capped so that a noisy source cannot make the file (and the member's
 * quota) grow past this rate: what `expectedVideoBytes` counts before encoding.
 */
export const VIDEO_MAX_KBPS = 2500;
export const VIDEO_AUDIO_KBPS = 128;
/** The rendition never has more frames a second than this: decoding more is work nobody sees. */
export const VIDEO_MAX_FPS = 30;
/** A poster is a JPEG of a few tens of KB; this is what the quota check allows for it. */
const POSTER_ALLOWANCE_BYTES = 512 * 1024;

/** What the video rendition and poster of `seconds` of video may take at most. */
export function expectedVideoBytes(seconds: number): number {
  return Math.ceil(((VIDEO_MAX_KBPS + VIDEO_AUDIO_KBPS) * 1000 / 8) * seconds) + POSTER_ALLOWANCE_BYTES;
}

export interface VideoPlan {
  sourcePath: string;
  sourceFormat: UploadFormat;
  outputDir: string;
  /** Seconds of picture encoded at most: a picture stream may run on long after the sound. */
  maxSeconds: number;
}

/**
 * Square pixels first (the source's aspect ratio is what the eye sees, not its storage), then
 * fitted within 1280×720 without enlarging, to even dimensions as 4:2:0 H.264 needs.
 */
export const VIDEO_FILTER = [
  "scale='trunc(iw*sar)':'ih'",
  'setsar=1',
  `scale='min(${Math.round((VIDEO_MAX_HEIGHT * 16) / 9)},iw)':'min(${VIDEO_MAX_HEIGHT},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
  'setsar=1',
].join(',');

/**
 * The third ffmpeg process of a video upload: reads the source (the same forced demuxer and file
 * protocol) and writes the MP4 rendition, moov atom in front (`+faststart`) so playback and
 * seeking start before the whole file has loaded.
 */
export function videoEncoderArgs(plan: VideoPlan): string[] {
  const input = uploadInput(plan.sourceFormat, plan.sourcePath);
  return [
    ...input.options, '-i', input.url,
    '-map', '0:V:0', '-map', '0:a:0', '-t', String(plan.maxSeconds), '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn',
    '-vf', VIDEO_FILTER, '-fpsmax', String(VIDEO_MAX_FPS),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', `${VIDEO_MAX_KBPS}k`, '-bufsize', `${VIDEO_MAX_KBPS * 2}k`,
    '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', `${VIDEO_AUDIO_KBPS}k`, '-ac', '2',
    '-movflags', '+faststart', '-f', 'mp4', file(join(plan.outputDir, VIDEO_FILE)),
  ];
}

/** One frame of our own rendition (never of the upload) as the poster, `atSeconds` in. */
export function posterArgs(outputDir: string, atSeconds: number): string[] {
  const rendition = uploadInput('mp4', join(outputDir, VIDEO_FILE));
  return [
    ...rendition.options, '-ss', atSeconds.toFixed(3), '-i', rendition.url,
    '-map', '0:v:0', '-frames:v', '1', '-map_metadata', '-1', '-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2', file(join(outputDir, POSTER_FILE)),
  ];
}
