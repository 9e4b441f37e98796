import type { AudioExtension } from '@stardeck/contracts';
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

/**
 * Reads the first audio stream's facts with the demuxer of the sniffed format; a file ffprobe
 * cannot read that way fails with a readable reason.
 */
export async function probeAudio(path: string, format: AudioExtension): Promise<SourceInfo> {
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
    duration: number(stream.duration) ?? number(data.format.duration) ?? 0,
    bitrate: number(stream.bit_rate) ?? number(data.format.bit_rate),
    sample_rate: sampleRate,
    channels,
  };
}
