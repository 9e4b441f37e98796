import { VIDEO_MAX_FRAME_SIDE, type UploadFormat } from '@stardeck/contracts';
import ffmpeg from 'fluent-ffmpeg';
import { ffmpegBinaries } from './ffmpeg-binaries';
import { uploadInput } from './input-format';
import { REASONS, TranscodeError } from './transcode-error';

export interface SourceInfo {
  /** ffprobe's container name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "wav". */
  format: string;
  codec: string;
  /** Seconds as the container states it (an estimate for ADTS AAC). */
  duration: number;
  /** Bits per second; null when neither stream nor container says. */
  bitrate: number | null;
  sample_rate: number;
  channels: number;
  /** The picture of a video upload, when asked for and present (cover art is not a picture). */
  video: VideoStreamInfo | null;
}

export interface VideoStreamInfo {
  codec: string;
  width: number;
  height: number;
}

/** Codecs that keep every bit of the original, the only sources worth a FLAC rendition. */
const LOSSLESS_CODECS = /^(pcm_|flac$|alac$|wavpack$|ape$|tta$|mlp$|truehd$)/;

export function isLosslessCodec(codec: string): boolean {
  return LOSSLESS_CODECS.test(codec);
}

const number = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** "00:02:03.500000000", as the Matroska muxer tags each stream's length. */
function tagSeconds(value: unknown): number | null {
  const parts = typeof value === 'string' ? /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value) : null;
  return parts ? number(Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3])) : null;
}

/**
 * Reads the first audio stream's facts with the demuxer of the sniffed format; a file ffprobe
 * cannot read that way fails with a readable reason. With `video`, also the first video stream
 * that is not attached cover art: a frame wider or taller than VIDEO_MAX_FRAME_SIDE is refused
 * here, before any frame is decoded.
 */
export async function probeAudio(path: string, format: UploadFormat, options: { video?: boolean } = {}): Promise<SourceInfo> {
  ffmpegBinaries();
  const input = uploadInput(format, path);
  // fluent-ffmpeg puts the options before the input, where ffprobe reads input options.
  const data = await new Promise<ffmpeg.FfprobeData>((resolve, reject) =>
    ffmpeg.ffprobe(input.url, input.options, (error: unknown, result) => (error ? reject(new TranscodeError(REASONS.undecodable, String(error).trim().split('\n').slice(-2).join(' '))) : resolve(result))),
  );
  const stream = data.streams.find((s) => s.codec_type === 'audio');
  if (!stream) throw new TranscodeError(REASONS.noAudio);
  const sampleRate = number(stream.sample_rate);
  const channels = number(stream.channels);
  if (!sampleRate || !channels || !stream.codec_name) throw new TranscodeError(REASONS.undecodable, 'no sample rate or channels');
  return {
    format: data.format.format_name ?? 'unknown',
    codec: stream.codec_name,
    // Matroska states a length per stream only in a DURATION tag; the container's is its longest stream's.
    duration: number(stream.duration) ?? tagSeconds(stream.tags?.DURATION) ?? number(data.format.duration) ?? 0,
    bitrate: number(stream.bit_rate) ?? number(data.format.bit_rate),
    sample_rate: sampleRate,
    channels,
    video: options.video ? pictureOf(data.streams) : null,
  };
}

/** The video stream to encode, after checking every picture stream's frame size. */
function pictureOf(streams: ffmpeg.FfprobeStream[]): VideoStreamInfo | null {
  const pictures = streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  for (const s of pictures) {
    const [width, height] = [Number(s.width), Number(s.height)];
    if (width > VIDEO_MAX_FRAME_SIDE || height > VIDEO_MAX_FRAME_SIDE) {
      throw new TranscodeError(REASONS.frameTooLarge(VIDEO_MAX_FRAME_SIDE), `a ${width}×${height} frame`);
    }
  }
  const first = pictures[0];
  const [width, height] = [number(first?.width), number(first?.height)];
  // A picture stream whose size even the container cannot state is not worth decoding.
  if (!first || !width || !height) return null;
  return { codec: first.codec_name ?? 'unknown', width, height };
}
