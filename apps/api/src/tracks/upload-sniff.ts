import { PREFLIGHT_CHUNK_BYTES, isVideoExtension, type UploadFormat, type VideoExtension } from '@stardeck/contracts';
import { sniffAudio, sniffStoredAudio, type ReadBytes } from './audio-sniff';

/** What an upload's bytes are: the format the transcoder opens it as, and whether it is a video container. */
export interface SniffedUpload {
  format: UploadFormat;
  /** Only members whose plan has video uploads may store it (spec §6). */
  video: boolean;
}

/**
 * ISO base media files (MP4, MOV, M4A) share one container; the major brand file-type reads says
 * which kind of file it is. An M4A (or audiobook, or Flash audio) brand stays audio, whatever the
 * file is called; only video brands make a video upload.
 */
const ISO_AUDIO_BRANDS = new Set(['m4a', 'm4b', 'f4a', 'f4b']);
const ISO_VIDEO_BRANDS = new Set(['mp4', 'm4v', 'mov', '3gp', '3g2', 'f4v']);
/** The Matroska family: WebM is Matroska with a restricted set of codecs. */
const EBML_TYPES = new Set(['webm', 'mkv']);

/** A file named as a video container must be that container; null when the bytes are anything else. */
async function sniffVideoStart(bytes: Uint8Array, declared: VideoExtension): Promise<SniffedUpload | null> {
  // Fewer bytes than this cannot hold a container header followed by anything to play.
  if (bytes.length < 32) return null;
  // file-type is ESM-only; a dynamic import keeps this CommonJS build able to load it.
  const { fileTypeFromBuffer } = await import('file-type');
  const ext = (await fileTypeFromBuffer(bytes))?.ext;
  if (!ext) return null;
  if (declared === 'mp4' || declared === 'mov') {
    if (ISO_AUDIO_BRANDS.has(ext)) return { format: 'm4a', video: false };
    return ISO_VIDEO_BRANDS.has(ext) ? { format: ext === 'mov' ? 'mov' : 'mp4', video: true } : null;
  }
  return EBML_TYPES.has(ext) ? { format: ext as 'webm' | 'mkv', video: true } : null;
}

/**
 * The preflight's first filter on the first bytes of a file: audio as `sniffAudio` knows it, or
 * one of the four video containers when the file is named as one.
 */
export async function sniffUpload(chunk: Uint8Array, declaredExtension: string): Promise<SniffedUpload | null> {
  if (isVideoExtension(declaredExtension)) return sniffVideoStart(chunk, declaredExtension);
  const format = await sniffAudio(chunk);
  return format && { format, video: false };
}

/** The same decision on the stored file at create, reading past ID3 tags for audio as `sniffStoredAudio` does. */
export async function sniffStoredUpload(size: number, read: ReadBytes, declaredExtension: string): Promise<SniffedUpload | null> {
  if (isVideoExtension(declaredExtension)) return sniffVideoStart(await read(0, Math.min(size, PREFLIGHT_CHUNK_BYTES)), declaredExtension);
  const format = await sniffStoredAudio(size, read);
  return format && { format, video: false };
}
