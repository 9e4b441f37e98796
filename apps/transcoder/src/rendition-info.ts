import { open } from 'node:fs/promises';
import { readLameTag } from './lame-tag';

/** The first bytes of a file: enough for an ID3v2 tag of text frames and the first MP3 frame. */
export async function readHead(path: string, bytes = 8192): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export interface SampleFacts {
  totalSamples: number;
  sampleRate: number;
  encoderDelay: number;
  encoderPadding: number;
}

export function mp3Facts(head: Buffer, sampleRate: number): SampleFacts | null {
  const tag = readLameTag(head);
  return tag && { totalSamples: tag.totalSamples, sampleRate, encoderDelay: tag.encoderDelay, encoderPadding: tag.encoderPadding };
}

/**
 * FLAC's STREAMINFO (always the first metadata block) states the exact sample count; ffmpeg
 * rewrites it when the encode ends. FLAC has no encoder delay or padding.
 */
export function flacFacts(head: Buffer): SampleFacts | null {
  if (head.length < 26 || head.toString('latin1', 0, 4) !== 'fLaC') return null;
  const sampleRate = (head[18]! << 12) | (head[19]! << 4) | (head[20]! >> 4);
  const totalSamples = (head[21]! & 0x0f) * 2 ** 32 + head.readUInt32BE(22);
  return { totalSamples, sampleRate, encoderDelay: 0, encoderPadding: 0 };
}
