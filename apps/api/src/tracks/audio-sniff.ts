import { PREFLIGHT_CHUNK_BYTES, type AudioExtension } from '@stardeck/contracts';

/** What file-type may call each of the six accepted formats. */
const FAMILY_OF: Record<string, AudioExtension> = {
  mp3: 'mp3', wav: 'wav', ogg: 'ogg', oga: 'ogg', opus: 'ogg', spx: 'ogg', aac: 'aac', flac: 'flac',
  m4a: 'm4a', mp4: 'm4a', m4b: 'm4a', m4p: 'm4a', '3gp': 'm4a',
};

const MPEG_BITRATE_KBPS: Record<string, number[]> = {
  // version 1 layer III, version 2/2.5 layer III (the common case for music files)
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MPEG_SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Length of the MPEG layer III frame starting at `i`, or 0 when no valid header is there. */
function mp3FrameLength(bytes: Uint8Array, i: number): number {
  if (i + 4 > bytes.length || bytes[i] !== 0xff || (bytes[i + 1]! & 0xe0) !== 0xe0) return 0;
  const version = (bytes[i + 1]! >> 3) & 0x03;
  const layer = (bytes[i + 1]! >> 1) & 0x03;
  const bitrateIndex = bytes[i + 2]! >> 4;
  const rateIndex = (bytes[i + 2]! >> 2) & 0x03;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const kbps = (version === 3 ? MPEG_BITRATE_KBPS.v1l3! : MPEG_BITRATE_KBPS.v2l3!)[bitrateIndex]!;
  const rate = MPEG_SAMPLE_RATES[version]![rateIndex]!;
  const padding = (bytes[i + 2]! >> 1) & 0x01;
  return Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
}

/**
 * file-type recognises ADTS AAC and bare MP3 frames only from a clean first byte. This fallback
 * looks for a frame sync near the start and, for MP3, a second header exactly one frame later, so
 * a stray 0xFF in a text file is not taken for audio.
 */
export function sniffFrameSync(bytes: Uint8Array): AudioExtension | null {
  for (let i = 0; i + 4 <= Math.min(bytes.length, 1024); i++) {
    if (bytes[i] !== 0xff) continue;
    const b1 = bytes[i + 1]!;
    // ADTS: 12-bit sync, layer always 00, sampling-frequency index below 13.
    if ((b1 & 0xf6) === 0xf0 && ((bytes[i + 2]! >> 2) & 0x0f) < 13) return 'aac';
    const length = mp3FrameLength(bytes, i);
    if (length > 0 && (i + length + 4 > bytes.length || mp3FrameLength(bytes, i + length) > 0)) return 'mp3';
  }
  return null;
}

/**
 * Header checks that catch a file cut short before its audio starts (file-type needs only the
 * first few magic bytes): FLAC must carry a whole STREAMINFO block, WAV a RIFF/WAVE header with
 * its fmt chunk.
 */
function headerIsWhole(family: AudioExtension, bytes: Uint8Array): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (family === 'flac') {
    if (view.length < 42 || (view[4]! & 0x7f) !== 0) return false;
    const blockLength = view.readUIntBE(5, 3);
    const sampleRate = view.readUIntBE(18, 3) >> 4;
    return blockLength === 34 && sampleRate > 0;
  }
  if (family === 'wav') {
    return view.length >= 44 && view.toString('latin1', 8, 12) === 'WAVE' && view.indexOf('fmt ', 12, 'latin1') !== -1;
  }
  return view.length >= 32;
}

/** Some taggers stack a few ID3v2 tags; more than this in a row is not an audio file. */
const MAX_ID3_TAGS = 4;
const ID3_HEADER_BYTES = 10;
/** After the tags, fewer bytes than this cannot show which format follows. */
const MIN_SNIFF_BYTES = 64;

/**
 * Bytes taken by the ID3v2 tag that starts `header` (its first 10 bytes), footer included; 0 when
 * no tag starts there, null when the header is malformed. The size is four 7-bit bytes
 * ("syncsafe", ID3v2.4 structure §3.1), and flag 0x10 announces a 10-byte footer.
 */
export function id3v2Length(header: Uint8Array): number | null {
  if (header.length < ID3_HEADER_BYTES || header[0] !== 0x49 || header[1] !== 0x44 || header[2] !== 0x33) return 0;
  const size = header.subarray(6, 10);
  if (header[3] === 0xff || header[4] === 0xff || size.some((byte) => byte >= 0x80)) return null;
  return ID3_HEADER_BYTES + ((size[0]! << 21) | (size[1]! << 14) | (size[2]! << 7) | size[3]!) + (header[5]! & 0x10 ? 10 : 0);
}

/** Reads up to `length` bytes of a file from `start` (fewer at its end). */
export type ReadBytes = (start: number, length: number) => Promise<Uint8Array>;

/** Where the audio starts: past the ID3v2 tags at the front. null when a tag is malformed or they never end. */
async function skipId3Tags(read: ReadBytes): Promise<number | null> {
  let offset = 0;
  for (let tags = 0; tags <= MAX_ID3_TAGS; tags++) {
    const length = id3v2Length(await read(offset, ID3_HEADER_BYTES));
    if (length === null) return null;
    if (length === 0) return offset;
    offset += length;
  }
  return null;
}

/** The format of bytes that start where the audio does (no ID3 tag in front). */
async function sniffAudioStart(bytes: Uint8Array): Promise<AudioExtension | null> {
  if (bytes.length === 0) return null;
  // file-type is ESM-only; a dynamic import keeps this CommonJS build able to load it.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  const family = detected ? FAMILY_OF[detected.ext] ?? null : sniffFrameSync(bytes);
  if (!family) return null;
  return headerIsWhole(family, bytes) ? family : null;
}

/**
 * The audio format of the first bytes of a file (the preflight's chunk), by magic number; null
 * when they are not one of the six accepted formats or end before the format's header does.
 *
 * An ID3 tag can claim any length. When it runs past these bytes, they cannot show what follows
 * it: they pass as MP3 here, a first filter only, and `sniffStoredAudio` reads on at create.
 */
export async function sniffAudio(bytes: Uint8Array): Promise<AudioExtension | null> {
  const start = await skipId3Tags(async (from, length) => bytes.subarray(from, from + length));
  if (start === null) return null;
  if (start > 0 && bytes.length - start < MIN_SNIFF_BYTES) return 'mp3';
  return sniffAudioStart(bytes.subarray(start));
}

/**
 * The audio format of a stored file of `size` bytes, looking past every ID3 tag at its front:
 * what follows them must itself be one of the six formats (an MP3's tag must be followed by MPEG
 * frames), or the file is refused. ffmpeg skips such tags too and would otherwise read whatever
 * follows, a playlist naming other files included.
 */
export async function sniffStoredAudio(size: number, read: ReadBytes): Promise<AudioExtension | null> {
  const start = await skipId3Tags(read);
  if (start === null || start >= size) return null;
  return sniffAudioStart(await read(start, PREFLIGHT_CHUNK_BYTES));
}
