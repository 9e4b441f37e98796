import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { InvalidObjectKeyError, ObjectNotFoundError, ObjectTooLargeError, type ObjectStorage } from '@stardeck/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

export interface StorageUnderTest {
  storage: ObjectStorage;
  stop(): Promise<void>;
}

/**
 * What the server behind the signed URLs can prove. The local endpoint proves everything; a
 * stand-in S3 server may not check signatures or parse every Range form, and a presigned S3 PUT
 * cannot carry a size limit. Behaviours a server cannot prove are not run against it.
 */
export interface ServerAbilities {
  tamperedUrlsRefused: boolean;
  suffixRanges: boolean;
  uploadLimit: boolean;
}

const FILE = randomBytes(300_000);

/** One set of behaviours every ObjectStorage adapter must show, run through its real signed URLs. */
export function storageContract(name: string, serves: ServerAbilities, start: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage contract`, () => {
    let subject: StorageUnderTest;
    let storage: ObjectStorage;
    const newKey = (name = 'file.mp3') => `uploads/${randomUUID()}/${name}`;
    const upload = async (key: string, body: Buffer, contentType = 'audio/mpeg') => {
      const signed = await storage.signUpload(key, { contentType, maxBytes: body.length, expiresInSeconds: 60 });
      return fetch(signed.url, { method: signed.method, headers: signed.headers, body });
    };
    const getRange = async (key: string, range: string) =>
      fetch(await storage.signDownload(key, { expiresInSeconds: 60 }), { headers: { range } });

    beforeAll(async () => {
      subject = await start();
      storage = subject.storage;
    });
    afterAll(async () => subject?.stop());

    it('serves back, through a signed GET, the exact bytes a signed PUT stored, and head reports size and type', async () => {
      const key = newKey();
      const put = await upload(key, FILE);
      expect(put.status).toBe(200);

      expect(await storage.head(key)).toEqual({ size: FILE.length, contentType: 'audio/mpeg' });
      const got = await fetch(await storage.signDownload(key, { expiresInSeconds: 60 }));
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('audio/mpeg');
      expect(got.headers.get('content-length')).toBe(String(FILE.length));
      expect(Buffer.from(await got.arrayBuffer()).equals(FILE)).toBe(true);
    });

    it('answers Range requests with 206 and exactly the bytes asked for', async () => {
      const key = newKey();
      await storage.put(key, FILE, { contentType: 'audio/mpeg' });
      const cases: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        ['bytes=150000-150999', 150_000, 150_999],
        ['bytes=100-', 100, FILE.length - 1],
        ...(serves.suffixRanges ? [['bytes=-100', FILE.length - 100, FILE.length - 1] as [string, number, number]] : []),
      ];
      for (const [range, start, end] of cases) {
        const response = await getRange(key, range);
        expect(response.status, range).toBe(206);
        expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${FILE.length}`);
        expect(Buffer.from(await response.arrayBuffer()).equals(FILE.subarray(start, end + 1)), range).toBe(true);
      }
      const slice = await streamToBuffer(await storage.read(key, { start: 1000, end: 1999 }));
      expect(slice.equals(FILE.subarray(1000, 2000))).toBe(true);
    });

    it('answers 416 for a range that starts past the end', async () => {
      const key = newKey();
      await storage.put(key, FILE, { contentType: 'audio/mpeg' });
      const response = await getRange(key, `bytes=${FILE.length + 10}-`);
      expect(response.status).toBe(416);
    });

    it('refuses expired upload and download URLs, and stores nothing', async () => {
      const stored = newKey();
      await storage.put(stored, FILE, { contentType: 'audio/mpeg' });
      const key = newKey();
      const signedPut = await storage.signUpload(key, { contentType: 'audio/mpeg', maxBytes: FILE.length, expiresInSeconds: 1 });
      const signedGet = await storage.signDownload(stored, { expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2_100));

      const put = await fetch(signedPut.url, { method: 'PUT', headers: signedPut.headers, body: FILE });
      expect(put.status).toBe(403);
      expect(await storage.head(key)).toBeNull();
      expect((await fetch(signedGet)).status).toBe(403);
    });

    // Only stores that check signatures and sizes themselves can show this.
    if (serves.tamperedUrlsRefused) {
      it('refuses a URL whose key, expiry, signature or content type was changed', async () => {
        const stored = newKey();
        await storage.put(stored, FILE, { contentType: 'audio/mpeg' });
        const key = newKey();
        const signed = await storage.signUpload(key, { contentType: 'audio/mpeg', maxBytes: FILE.length, expiresInSeconds: 60 });
        const download = await storage.signDownload(stored, { expiresInSeconds: 60 });
        const otherKey = newKey('other.mp3');

        for (const url of tamperings(signed.url, key, otherKey)) {
          expect((await fetch(url, { method: 'PUT', headers: signed.headers, body: FILE })).status, url).toBe(403);
        }
        const wrongType = await fetch(signed.url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: FILE });
        expect(wrongType.status).toBe(403);
        expect(await storage.head(key)).toBeNull();
        expect(await storage.head(otherKey)).toBeNull();

        for (const url of tamperings(download, stored, newKey())) {
          expect((await fetch(url)).status, url).toBe(403);
        }
      });
    }

    // Only stores that check signatures and sizes themselves can show this.
    if (serves.uploadLimit) {
      it('refuses an upload larger than the signed limit with 413 and stores nothing', async () => {
        const key = newKey();
        const signed = await storage.signUpload(key, { contentType: 'audio/mpeg', maxBytes: 1000, expiresInSeconds: 60 });
        const declared = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: FILE });
        expect(declared.status).toBe(413);
        // Without Content-Length the limit is only found while streaming.
        const streamed = await fetch(signed.url, {
          method: 'PUT', headers: signed.headers, body: Readable.toWeb(Readable.from(chunks(FILE, 64 * 1024))) as ReadableStream, duplex: 'half',
        } as RequestInit);
        expect(streamed.status).toBe(413);
        expect(await storage.head(key)).toBeNull();
      });
    }

    it('put with a byte limit refuses a larger body and stores nothing', async () => {
      const key = newKey();
      await expect(storage.put(key, FILE, { contentType: 'audio/mpeg', maxBytes: 1000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      await expect(storage.put(key, Readable.from(chunks(FILE, 10_000)), { contentType: 'audio/mpeg', maxBytes: 1000 }))
        .rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await storage.head(key)).toBeNull();
    });

    it('delete and deletePrefix remove objects: head finds nothing and a signed GET answers 404', async () => {
      const track = `tracks/${randomUUID()}`;
      const keys = [`${track}/standard.mp3`, `${track}/high.mp3`, `${track}/peaks.json`];
      const neighbour = `${track}x/standard.mp3`;
      for (const key of [...keys, neighbour]) await storage.put(key, Buffer.from(key), { contentType: 'audio/mpeg' });

      const destination = join(mkdtempSync(join(tmpdir(), 'stardeck-download-')), 'copy.mp3');
      await storage.download(keys[0]!, destination);
      expect(readFileSync(destination, 'utf8')).toBe(keys[0]);

      await storage.delete(keys[0]!);
      expect(await storage.head(keys[0]!)).toBeNull();
      expect((await fetch(await storage.signDownload(keys[0]!, { expiresInSeconds: 60 }))).status).toBe(404);
      await expect(storage.read(keys[0]!)).rejects.toBeInstanceOf(ObjectNotFoundError);

      expect(await storage.deletePrefix(`${track}/`)).toBe(2);
      for (const key of keys) expect(await storage.head(key)).toBeNull();
      expect((await fetch(await storage.signDownload(keys[1]!, { expiresInSeconds: 60 }))).status).toBe(404);
      expect(await storage.head(neighbour)).toEqual({ size: Buffer.byteLength(neighbour), contentType: 'audio/mpeg' });
    });

    it('moves an object: bytes and type answer at the new key, the old one holds nothing, and its upload URL never reaches the new one', async () => {
      const from = newKey();
      const to = `sources/${randomUUID()}/moved.mp3`;
      const signed = await storage.signUpload(from, { contentType: 'audio/mpeg', maxBytes: FILE.length, expiresInSeconds: 60 });
      expect((await fetch(signed.url, { method: signed.method, headers: signed.headers, body: FILE })).status).toBe(200);

      await storage.move(from, to);
      expect(await storage.head(from)).toBeNull();
      expect(await storage.head(to)).toEqual({ size: FILE.length, contentType: 'audio/mpeg' });

      const later = randomBytes(1000);
      expect((await fetch(signed.url, { method: signed.method, headers: signed.headers, body: later })).status).toBe(200);
      expect((await streamToBuffer(await storage.read(to))).equals(FILE)).toBe(true);
      expect((await streamToBuffer(await storage.read(from))).equals(later)).toBe(true);
      await expect(storage.move(newKey(), newKey())).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('removing unfinished writes leaves every stored object, and its type, alone', async () => {
      const key = newKey();
      await storage.put(key, FILE, { contentType: 'audio/mpeg' });
      await storage.removeUnfinishedWrites(0);
      expect(await storage.head(key)).toEqual({ size: FILE.length, contentType: 'audio/mpeg' });
    });

    it('refuses keys that could leave the storage root', async () => {
      for (const key of ['../secret', 'uploads/../../etc/passwd', '/etc/passwd', 'uploads\\x.mp3', 'uploads/a\0.mp3', 'uploads//x.mp3']) {
        await expect(storage.signUpload(key, { contentType: 'audio/mpeg', maxBytes: 10, expiresInSeconds: 60 }), key)
          .rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.signDownload(key, { expiresInSeconds: 60 }), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.put(key, Buffer.from('x'), { contentType: 'audio/mpeg' }), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(storage.head(key), key).rejects.toBeInstanceOf(InvalidObjectKeyError);
      }
      await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(InvalidObjectKeyError);
      await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(InvalidObjectKeyError);
    });
  });
}

/** The same URL with its key, its expiry or its signature changed. */
function tamperings(url: string, key: string, otherKey: string): string[] {
  const parsed = new URL(url);
  const withKey = url.replace(key, otherKey);
  const signatureParam = parsed.searchParams.has('sig') ? 'sig' : 'X-Amz-Signature';
  const expiryParam = parsed.searchParams.has('expires') ? 'expires' : 'X-Amz-Expires';
  const later = new URL(url);
  later.searchParams.set(expiryParam, String(Number(parsed.searchParams.get(expiryParam)) + 3600));
  const forged = new URL(url);
  const signature = parsed.searchParams.get(signatureParam) ?? '';
  forged.searchParams.set(signatureParam, (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
  return [withKey, later.toString(), forged.toString()];
}

function* chunks(buffer: Buffer, size: number): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
