import type { Readable } from 'node:stream';

export interface SignedUpload {
  /** Where the client sends the file with an HTTP PUT. */
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
  /** A short-lived URL that serves the object (with HTTP Range support). */
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
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
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
