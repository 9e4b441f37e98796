import type { Readable } from 'node:stream';

export interface SignedUpload {
  /**
   * Where the client sends the file with an HTTP PUT. Like `signDownload`'s URLs, either absolute
   * (S3) or a path on the API's own origin (local storage), to resolve against the API's address.
   */
  url: string;
  method: 'PUT';
  /** Headers the client must send with the PUT (e.g. content-type). */
  headers: Record<string, string>;
  /** Extra form fields for POST-style uploads; empty for PUT uploads. */
  form_data: Record<string, string>;
  expires_in: number;
}

export interface ObjectInfo {
  size: number;
  contentType: string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The object storage port. Local disk (embedded) and S3-compatible stores implement it and pass
 * the same contract suite; domain code never knows which one it runs on.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** A short-lived URL the client PUTs one object to directly, limited to `maxBytes`. */
  signUpload(key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<SignedUpload>;
  /**
   * A short-lived URL that serves the object (with HTTP Range support): absolute on S3, a path on
   * the API's own origin for local storage.
   */
  signDownload(key: string, options: { expiresInSeconds: number; contentType?: string; filename?: string }): Promise<string>;
  /**
   * Stores the object whole or not at all. With `maxBytes`, a longer body fails with
   * ObjectTooLargeError and nothing is stored.
   */
  put(key: string, body: Buffer | Readable, options: { contentType: string; contentLength?: number; maxBytes?: number }): Promise<void>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or a slice of them; ObjectNotFoundError when it is missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies the object to a local file (the transcoder works on local files). */
  download(key: string, destinationPath: string): Promise<void>;
  /**
   * Moves an object, bytes and content type, to another key; `from` then holds nothing, and
   * ObjectNotFoundError says it held nothing before. A signed upload URL for `from` that is still
   * valid can write there again, but never reaches `to`: an upload is moved to a key of its own
   * once it is accepted, so the URL that brought it can no longer change it.
   */
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * Removes what writes that never finished left behind, once nothing has written to it for
   * `idleMs`; returns how many files. On local disk these are the temp files of uploads whose
   * process died mid-write. An S3 PUT stores whole or nothing, so there is nothing to remove.
   */
  removeUnfinishedWrites(idleMs: number): Promise<number>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** A key that could escape the storage root or that the adapters cannot address the same way. */
export class InvalidObjectKeyError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`invalid object key "${key}": ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}
