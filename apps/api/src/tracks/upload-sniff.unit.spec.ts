import { describe, expect, it } from 'vitest';
import { sniffStoredUpload, sniffUpload } from './upload-sniff';

/** The first box of an ISO base media file: `ftyp` with a major brand and a few compatible ones. */
function ftyp(brand: string): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brand.padEnd(4, ' '), 8, 'latin1');
  box.write('isomiso2avc1mp41', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
}

/** An EBML header naming its document type, as Matroska and WebM files begin. */
function ebml(docType: 'webm' | 'matroska'): Buffer {
  const type = Buffer.from(docType, 'latin1');
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
    Buffer.from([0x42, 0x82, 0x80 | type.length]), type,
    Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff]), Buffer.alloc(64)]);
}

describe('upload sniffing: audio, and the four video containers', () => {
  it('takes an MP4 or MOV with a video brand as video, whichever of the two names it has', async () => {
    expect(await sniffUpload(ftyp('isom'), 'mp4')).toEqual({ format: 'mp4', video: true });
    expect(await sniffUpload(ftyp('qt'), 'mov')).toEqual({ format: 'mov', video: true });
    expect(await sniffUpload(ftyp('isom'), 'mov')).toEqual({ format: 'mp4', video: true });
  });

  it('keeps an M4A audio: named .m4a whatever its brand, and named .mp4 when its brand says audio', async () => {
    expect(await sniffUpload(ftyp('M4A'), 'mp4')).toEqual({ format: 'm4a', video: false });
    expect(await sniffUpload(ftyp('isom'), 'm4a')).toEqual({ format: 'm4a', video: false });
    expect(await sniffUpload(ftyp('M4A'), 'm4a')).toEqual({ format: 'm4a', video: false });
  });

  it('takes WebM and Matroska by their EBML document type', async () => {
    expect(await sniffUpload(ebml('webm'), 'webm')).toEqual({ format: 'webm', video: true });
    expect(await sniffUpload(ebml('matroska'), 'mkv')).toEqual({ format: 'mkv', video: true });
    expect(await sniffUpload(ebml('matroska'), 'webm')).toEqual({ format: 'mkv', video: true });
  });

  it('refuses bytes of another container, of an image in an ISO box, or of nothing known', async () => {
    expect(await sniffUpload(ebml('webm'), 'mp4')).toBeNull();
    expect(await sniffUpload(ftyp('isom'), 'mkv')).toBeNull();
    expect(await sniffUpload(ftyp('heic'), 'mp4')).toBeNull();
    expect(await sniffUpload(ftyp('avif'), 'mov')).toBeNull();
    expect(await sniffUpload(Buffer.from('#EXTM3U\n#EXTINF:10,\nfile:/etc/passwd\n'.repeat(4)), 'mp4')).toBeNull();
    expect(await sniffUpload(ftyp('isom').subarray(0, 20), 'mp4')).toBeNull();
  });

  it('decides the same on the stored file', async () => {
    const file = Buffer.concat([ftyp('isom'), Buffer.alloc(10_000)]);
    const read = async (start: number, length: number) => file.subarray(start, start + length);
    expect(await sniffStoredUpload(file.length, read, 'mp4')).toEqual({ format: 'mp4', video: true });
    expect(await sniffStoredUpload(file.length, read, 'm4a')).toEqual({ format: 'm4a', video: false });
    expect(await sniffStoredUpload(file.length, read, 'webm')).toBeNull();
  });
});
