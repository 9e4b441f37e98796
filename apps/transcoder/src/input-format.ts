import { UPLOAD_EXTENSIONS, VIDEO_EXTENSIONS, type UploadFormat, type VideoExtension } from '@stardeck/contracts';
import { REASONS, TranscodeError } from './transcode-error';

/**
 * ffmpeg's demuxer for each of the six audio formats and four video containers. The API sniffed
 * the format from the stored bytes; ffmpeg is never left to guess one, because its own probing
 * skips an ID3 tag and would happily open what follows as an HLS playlist or a concat script
 * naming other files. MP4 and MOV are one demuxer, as are WebM and Matroska.
 */
const DEMUXERS: Record<UploadFormat, string> = {
  mp3: 'mp3', wav: 'wav', ogg: 'ogg', aac: 'aac', flac: 'flac', m4a: 'mov',
  mp4: 'mov', mov: 'mov', webm: 'matroska', mkv: 'matroska',
};

// MP4 "data references" point at external files holding the samples.
const NO_DATA_REFERENCES = ['-enable_drefs', '0', '-use_absolute_path', '0'];

/** Demuxer options that would let a file name other files; ffmpeg's defaults, stated so they stay so. */
const PRIVATE_OPTIONS: Partial<Record<UploadFormat, string[]>> = { m4a: NO_DATA_REFERENCES, mp4: NO_DATA_REFERENCES, mov: NO_DATA_REFERENCES };

/** One of the ten formats the API accepts (the job says which; anything else is refused unread). */
export function isUploadFormat(value: unknown): value is UploadFormat {
  return typeof value === 'string' && (UPLOAD_EXTENSIONS as readonly string[]).includes(value);
}

/** A video container: accepted only from members allowed video uploads, so its picture is kept. */
export function isVideoFormat(value: UploadFormat): value is VideoExtension {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(value);
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
export function uploadInput(format: UploadFormat, path: string): UploadInput {
  const demuxer = DEMUXERS[format];
  if (!demuxer) throw new TranscodeError(REASONS.undecodable, `no demuxer for the format "${String(format)}"`);
  return {
    options: ['-protocol_whitelist', 'file', '-format_whitelist', demuxer, '-f', demuxer, ...(PRIVATE_OPTIONS[format] ?? [])],
    url: `file:${path}`,
  };
}
