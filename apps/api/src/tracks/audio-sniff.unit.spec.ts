import { describe, expect, it } from 'vitest';
import { sniffAudio, sniffFrameSync } from './audio-sniff';

/** An MPEG-1 layer III header: 128 kbit/s, 44.1 kHz, no padding → 417-byte frames. */
const MP3_HEADER = [0xff, 0xfb, 0x90, 0x00];
function bareMp3Frames(count: number, offset = 0): Buffer {
  const bytes = Buffer.alloc(offset + count * 417);
  for (let i = 0; i < count; i++) Buffer.from(MP3_HEADER).copy(bytes, offset + i * 417);
  return bytes;
}

function flacHeader(streamInfoLength = 34, sampleRate = 44100): Buffer {
  const bytes = Buffer.alloc(42);
  bytes.write('fLaC', 0, 'latin1');
  bytes[4] = 0x80; // last metadata block, type 0 (STREAMINFO)
  bytes.writeUIntBE(streamInfoLength, 5, 3);
  bytes.writeUIntBE(sampleRate << 4, 18, 3);
  return bytes;
}

describe('audio sniffing', () => {
  it('finds bare MP3 frames only when a second header follows one frame later', () => {
    expect(sniffFrameSync(bareMp3Frames(3))).toBe('mp3');
    expect(sniffFrameSync(bareMp3Frames(3, 10))).toBe('mp3');
    const lonely = Buffer.alloc(2000);
    Buffer.from(MP3_HEADER).copy(lonely, 0);
    expect(sniffFrameSync(lonely)).toBeNull();
  });

  it('finds ADTS AAC by its sync word', () => {
    expect(sniffFrameSync(Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]))).toBe('aac');
  });

  it('refuses text, empty input and a stray 0xFF', async () => {
    expect(await sniffAudio(Buffer.from('hello, this is not audio at all '.repeat(10)))).toBeNull();
    expect(await sniffAudio(Buffer.alloc(0))).toBeNull();
    expect(sniffFrameSync(Buffer.from([0x41, 0xff, 0x00, 0x41]))).toBeNull();
  });

  it('requires a whole FLAC STREAMINFO block', async () => {
    expect(await sniffAudio(flacHeader())).toBe('flac');
    expect(await sniffAudio(flacHeader().subarray(0, 30))).toBeNull();
    expect(await sniffAudio(flacHeader(20))).toBeNull();
    expect(await sniffAudio(flacHeader(34, 0))).toBeNull();
  });

  it('requires the WAVE fmt chunk of a RIFF file', async () => {
    const wav = Buffer.alloc(44);
    wav.write('RIFF', 0, 'latin1');
    wav.writeUInt32LE(36, 4);
    wav.write('WAVEfmt ', 8, 'latin1');
    wav.writeUInt32LE(16, 16);
    expect(await sniffAudio(wav)).toBe('wav');
    expect(await sniffAudio(wav.subarray(0, 20))).toBeNull();
  });
});
