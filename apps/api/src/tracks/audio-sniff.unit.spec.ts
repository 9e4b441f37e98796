import { describe, expect, it } from 'vitest';
import { id3v2Length, sniffAudio, sniffFrameSync, sniffStoredAudio } from './audio-sniff';

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

/** An ID3v2.4 tag whose body is `bodyBytes` of padding; its size is written 7 bits per byte. */
function id3Tag(bodyBytes: number): Buffer {
  const size = [21, 14, 7, 0].map((shift) => (bodyBytes >> shift) & 0x7f);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, ...size]), Buffer.alloc(bodyBytes)]);
}

const stored = (file: Buffer) => sniffStoredAudio(file.length, async (start, length) => file.subarray(start, start + length));
const HLS = Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:/data/objects/tracks/1/high.mp3\n#EXT-X-ENDLIST\n');

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

  it('reads the length of an ID3v2 tag, footer included, and refuses a malformed one', () => {
    expect(id3v2Length(id3Tag(8000))).toBe(8010);
    const withFooter = id3Tag(100);
    withFooter[5] = 0x10;
    expect(id3v2Length(withFooter)).toBe(120);
    expect(id3v2Length(bareMp3Frames(1))).toBe(0);
    const bad = id3Tag(100);
    bad[7] = 0x80;
    expect(id3v2Length(bad)).toBeNull();
  });

  it('looks past ID3 tags of any length in a stored file: MPEG frames must follow an MP3 tag', async () => {
    expect(await stored(Buffer.concat([id3Tag(8000), bareMp3Frames(4)]))).toBe('mp3');
    expect(await stored(Buffer.concat([id3Tag(50), id3Tag(9000), bareMp3Frames(4)]))).toBe('mp3');
    expect(await stored(Buffer.concat([id3Tag(8000), flacHeader()]))).toBe('flac');
    expect(await stored(Buffer.concat([id3Tag(8000), HLS]))).toBeNull();
    expect(await stored(Buffer.concat([id3Tag(8000), Buffer.from('ffconcat version 1.0\nfile /x.mp3\n')]))).toBeNull();
    expect(await stored(id3Tag(8000))).toBeNull();
  });

  it('never takes frames inside an ID3 tag for the audio after it', async () => {
    const tag = id3Tag(3000);
    bareMp3Frames(3).copy(tag, 20);
    expect(await sniffAudio(Buffer.concat([tag, HLS]))).toBeNull();
    expect(await stored(Buffer.concat([tag, HLS]))).toBeNull();
  });

  it('lets first bytes that are all ID3 tag pass the preflight, which cannot see past them', async () => {
    expect(await sniffAudio(Buffer.concat([id3Tag(8000), HLS]).subarray(0, 4096))).toBe('mp3');
  });
});
