/** MPEG-1 Layer III frames hold 1152 samples; MPEG-2/2.5 frames hold 576. */
const SAMPLES_PER_FRAME = { mpeg1: 1152, mpeg2: 576 } as const;

/**
 * Samples an MP3 decoder adds in front of the audio on its own (the MDCT/synthesis filterbank
 * delay). Gapless players skip `encoder_delay + DECODER_DELAY` samples at the start.
 */
export const MP3_DECODER_DELAY = 529;

export interface LameTag {
  /** Samples of silence the encoder put in front of the audio (LAME: 576). */
  encoderDelay: number;
  /** Samples of silence the encoder appended to fill the last frame. */
  encoderPadding: number;
  /** Audio frames in the file, not counting the tag frame. */
  frames: number;
  samplesPerFrame: number;
  /** The audio's own length in samples: frames × samples per frame − delay − padding. */
  totalSamples: number;
}

/**
 * Reads the Xing/Info header and its LAME extension from the first frame of an MP3 (after any
 * ID3v2 tag). Returns null when the file has no such header (e.g. it came from another encoder).
 * Layout: "Xing"|"Info", flags (4 bytes), frames, bytes, TOC, quality as the flags say, then the
 * LAME extension whose bytes 21..23 hold delay and padding as two 12-bit numbers.
 */
export function readLameTag(head: Buffer): LameTag | null {
  let offset = 0;
  if (head.length >= 10 && head.toString('latin1', 0, 3) === 'ID3') {
    // ID3v2 size is a 28-bit "syncsafe" integer (7 bits per byte), plus the 10-byte header.
    const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    offset = 10 + size + (head[5]! & 0x10 ? 10 : 0);
  }
  while (offset + 4 <= head.length && !(head[offset] === 0xff && (head[offset + 1]! & 0xe0) === 0xe0)) offset++;
  if (offset + 4 > head.length) return null;
  const versionBits = (head[offset + 1]! >> 3) & 0x03;
  const samplesPerFrame = versionBits === 3 ? SAMPLES_PER_FRAME.mpeg1 : SAMPLES_PER_FRAME.mpeg2;
  // The tag sits after the side information, whose size depends on version and channel mode;
  // searching the first 64 bytes covers every case.
  const window = head.subarray(offset, offset + 64);
  const at = Math.max(window.indexOf('Xing', 0, 'latin1'), window.indexOf('Info', 0, 'latin1'));
  if (at < 0) return null;
  let p = offset + at + 4;
  const flags = head.readUInt32BE(p);
  p += 4;
  let frames = 0;
  if (flags & 0x1) {
    frames = head.readUInt32BE(p);
    p += 4;
  }
  if (flags & 0x2) p += 4;
  if (flags & 0x4) p += 100;
  if (flags & 0x8) p += 4;
  if (p + 24 > head.length) return null;
  const packed = head.readUIntBE(p + 21, 3);
  const encoderDelay = packed >> 12;
  const encoderPadding = packed & 0xfff;
  return {
    encoderDelay,
    encoderPadding,
    frames,
    samplesPerFrame,
    totalSamples: Math.max(0, frames * samplesPerFrame - encoderDelay - encoderPadding),
  };
}
