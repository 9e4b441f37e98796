import { InvalidObjectKeyError } from './object-storage';

/** S3's own limit; keeping it everywhere means a key that works on disk also works on S3. */
const MAX_KEY_BYTES = 1024;
/**
 * Segments never start with a dot: the local adapter keeps temp files and metadata as dot-files
 * beside each object, so no key may name one. The narrow alphabet also means keys need no escaping
 * in URLs, file names or S3 signatures.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Throws InvalidObjectKeyError unless `key` is a relative, slash-separated key such as `tracks/42/standard.mp3`. */
export function assertObjectKey(key: string): void {
  checkPath(key);
  if (key.endsWith('/')) throw new InvalidObjectKeyError(key, 'a key must not end with a slash');
}

/** Like assertObjectKey, but a trailing slash is allowed (`tracks/42/`). An empty prefix is refused: it would mean everything. */
export function assertObjectPrefix(prefix: string): void {
  checkPath(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

function checkPath(key: string): void {
  if (key.length === 0) throw new InvalidObjectKeyError(key, 'the key is empty');
  if (key.includes('\0')) throw new InvalidObjectKeyError(key, 'NUL characters are not allowed');
  if (key.includes('\\')) throw new InvalidObjectKeyError(key, 'backslashes are not allowed');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new InvalidObjectKeyError(key, 'absolute paths are not allowed');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new InvalidObjectKeyError(key, `keys are at most ${MAX_KEY_BYTES} bytes`);
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidObjectKeyError(key, '"." and ".." segments are not allowed');
    if (!SEGMENT.test(segment)) {
      throw new InvalidObjectKeyError(key, 'each segment uses letters, digits, ".", "_" and "-", does not start with "." and is not empty');
    }
  }
}
