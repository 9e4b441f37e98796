import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertObjectKey, assertObjectPrefix } from './object-key';
import { ObjectNotFoundError, ObjectTooLargeError, type ByteRange, type ObjectInfo, type ObjectStorage, type SignedUpload } from './object-storage';
import { UrlSigner, type GrantCheck, type StorageGrant } from './url-signer';

export interface LocalStorageOptions {
  /** Directory the objects live under (`{DATA_DIR}/objects`). */
  root: string;
  secret: string;
  now?: () => number;
}

/** What the HTTP endpoint needs to answer a GET without a second look at the disk. */
export interface LocalObjectStat {
  path: string;
  size: number;
  mtimeMs: number;
}

export const STORAGE_ROUTE_PREFIX = '/v1/storage/objects/';

/**
 * Objects as files under `root`, served and received by the API through HMAC-signed URLs.
 * The content type lives in a dot-file beside each object (`.{name}.meta.json`); keys never start
 * a segment with a dot, so neither it nor an upload's temp file can be addressed as an object.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly signer: UrlSigner;
  private readonly now: () => number;

  constructor(private readonly options: LocalStorageOptions) {
    this.root = resolve(options.root);
    this.signer = new UrlSigner(options.secret);
    this.now = options.now ?? Date.now;
  }

  async signUpload(key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<SignedUpload> {
    assertObjectKey(key);
    const expires = this.expiry(options.expiresInSeconds);
    const grant: StorageGrant = { method: 'PUT', key, expires, maxBytes: options.maxBytes, contentType: options.contentType, filename: '' };
    const query = new URLSearchParams({ expires: String(expires), max: String(options.maxBytes), sig: this.signer.sign(grant) });
    return {
      url: `${this.urlOf(key)}?${query}`,
      method: 'PUT',
      headers: { 'content-type': options.contentType },
      form_data: {},
      expires_in: options.expiresInSeconds,
    };
  }

  async signDownload(key: string, options: { expiresInSeconds: number; contentType?: string; filename?: string }): Promise<string> {
    assertObjectKey(key);
    const expires = this.expiry(options.expiresInSeconds);
    const grant: StorageGrant = { method: 'GET', key, expires, maxBytes: 0, contentType: options.contentType ?? '', filename: options.filename ?? '' };
    const query = new URLSearchParams({ expires: String(expires) });
    if (grant.contentType) query.set('type', grant.contentType);
    if (grant.filename) query.set('name', grant.filename);
    query.set('sig', this.signer.sign(grant));
    return `${this.urlOf(key)}?${query}`;
  }

  /** Used by the HTTP endpoint: is this request what a signed URL allowed? */
  checkGrant(grant: StorageGrant, signature: string): GrantCheck {
    assertObjectKey(grant.key);
    return this.signer.check(grant, signature, Math.floor(this.now() / 1000));
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string; contentLength?: number; maxBytes?: number }): Promise<void> {
    const target = this.pathOf(key);
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    if ((options.contentLength ?? 0) > limit || (Buffer.isBuffer(body) && body.length > limit)) throw new ObjectTooLargeError(limit);
    await mkdir(dirname(target), { recursive: true });
    // Written beside the target and renamed into place: readers see the old object or the new one,
    // and a failed or aborted upload leaves nothing behind.
    const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
    const metaTemp = `${temp}.meta`;
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, byteLimit(limit), createWriteStream(temp, { flags: 'wx' }));
      await writeFile(metaTemp, JSON.stringify({ contentType: options.contentType }), { flag: 'wx' });
      await rename(metaTemp, metaPathOf(target));
      await rename(temp, target);
    } catch (error) {
      await Promise.all([rm(temp, { force: true }), rm(metaTemp, { force: true })]);
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const found = await this.stat(key);
    if (!found) return null;
    return { size: found.size, contentType: await this.storedContentType(key) };
  }

  /** Size and modification time of a stored object, or null when there is none. */
  async stat(key: string): Promise<LocalObjectStat | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async storedContentType(key: string): Promise<string | null> {
    try {
      const meta = JSON.parse(await readFile(metaPathOf(this.pathOf(key)), 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const found = await this.stat(key);
    if (!found) throw new ObjectNotFoundError(key);
    return createReadStream(found.path, range ? { start: range.start, end: range.end } : {});
  }

  async download(key: string, destinationPath: string): Promise<void> {
    try {
      await copyFile(this.pathOf(key), destinationPath);
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true });
    // A rename: the same file, never a copy that a write to `from` could still reach.
    try {
      await rename(source, target);
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(from);
      throw error;
    }
    await rename(metaPathOf(source), metaPathOf(target)).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
    await this.pruneEmptyDirectories(dirname(source));
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await Promise.all([rm(path, { force: true }), rm(metaPathOf(path), { force: true })]);
    await this.pruneEmptyDirectories(dirname(path));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertObjectPrefix(prefix);
    // Only the deepest directory the prefix names fully is walked: `tracks/4` looks in `tracks/`.
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
    let entries: string[];
    try {
      entries = await readdir(join(this.root, base), { recursive: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const keys = entries
      .map((entry) => base + entry.split(sep).join('/'))
      .filter((key) => key.startsWith(prefix) && isObjectKey(key));
    let deleted = 0;
    for (const key of keys) {
      const found = await this.stat(key);
      if (!found) continue;
      await this.delete(key);
      deleted += 1;
    }
    return deleted;
  }

  async removeUnfinishedWrites(idleMs: number): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const cutoff = this.now() - idleMs;
    let removed = 0;
    for (const entry of entries.filter((name) => TEMP_FILE.test(basename(name)))) {
      const path = join(this.root, entry);
      const info = await stat(path).catch(() => null);
      // A write in progress keeps touching its temp file; one that has gone quiet this long is dead.
      if (!info?.isFile() || info.mtimeMs > cutoff) continue;
      await rm(path, { force: true });
      await this.pruneEmptyDirectories(dirname(path));
      removed += 1;
    }
    return removed;
  }

  private pathOf(key: string): string {
    assertObjectKey(key);
    const path = join(this.root, ...key.split('/'));
    // assertObjectKey already refuses every escape; this is the belt to its braces.
    if (!path.startsWith(this.root + sep)) throw new Error(`object key escapes the storage root: ${key}`);
    return path;
  }

  /**
   * Same-origin relative: the API that signs the URL also serves it, so the browser resolves it
   * against whatever name the site was opened under (localhost, 127.0.0.1, a LAN name, a proxy's
   * https host). An absolute URL on PUBLIC_URL made the direct upload cross-origin, and blocked,
   * whenever the page was opened under another name.
   */
  private urlOf(key: string): string {
    return `${STORAGE_ROUTE_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  private expiry(seconds: number): number {
    return Math.floor(this.now() / 1000) + seconds;
  }

  /** Directories left empty by deletes are removed, so a prefix walk never wades through dead ones. */
  private async pruneEmptyDirectories(directory: string): Promise<void> {
    let current = directory;
    while (current.startsWith(this.root + sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }
}

/** Temp files, metadata and anything else not written through this adapter are not objects. */
function isObjectKey(key: string): boolean {
  try {
    assertObjectKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The temp files `put` writes beside their target (`.{name}.{uuid}.part` and its `.meta`). */
const TEMP_FILE = /^\..+\.[0-9a-f-]{36}\.part(\.meta)?$/;

function metaPathOf(objectPath: string): string {
  return join(dirname(objectPath), `.${basename(objectPath)}.meta.json`);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Passes bytes through until more than `limit` have gone by, then fails the pipeline. */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new ObjectTooLargeError(limit));
      else callback(null, chunk);
    },
  });
}
