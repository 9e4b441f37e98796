import { AUDIO_EXTENSIONS, type AudioExtension } from '@stardeck/contracts';
import { REASONS, TranscodeError } from './transcode-error';

/**
 * ffmpeg's demuxer for each of the six upload formats. The API sniffed the format from the stored
 * bytes; ffmpeg is never left to guess one, because its own probing skips an ID3 tag and would
 * happily open what follows as an HLS playlist or a concat script naming other files.
 */
const DEMUXERS: Record<AudioExtension, string> = { mp3: 'mp3', wav: 'wav', ogg: 'ogg', aac: 'aac', flac: 'flac', m4a: 'mov' };

/** Demuxer options that would let a file name other files; ffmpeg's defaults, stated so they stay so. */
const PRIVATE_OPTIONS: Partial<Record<AudioExtension, string[]>> = {
  // MP4 "data references" point at external files holding the samples.
  m4a: ['-enable_drefs', '0', '-use_absolute_path', '0'],
};

export function isAudioFormat(value: unknown): value is AudioExtension {
  return typeof value === 'string' && (AUDIO_EXTENSIONS as readonly string[]).includes(value);
}

export interface UploadInput {
  /** Options that go before the input. */
  options: string[];
  /** A `file:` URL, so a name with a colon is never taken for another protocol. */
  url: string;
}

/**
 * How every ffmpeg and ffprobe run opens an upload: the demuxer forced from the sniffed format,
 * only that demuxer allowed (nested ones included), and only the `file` protocol.
 */
export function uploadInput(format: AudioExtension, path: string): UploadInput {
  const demuxer = DEMUXERS[format];
  if (!demuxer) throw new TranscodeError(REASONS.undecodable, `no demuxer for the format "${String(format)}"`);
  return {
    options: ['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, ...(PRIVATE_OPTIONS[format] ?? [])],
    url: `file:${path}`,
  };
}
