import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Everything a signed storage URL grants; changing any field invalidates the signature. */
export interface StorageGrant {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds after which the URL is refused. */
  expires: number;
  /** Largest body a PUT may send; 0 for downloads. */
  maxBytes: number;
  /** PUT: the Content-Type the client must send. GET: the Content-Type the response carries ('' for the stored one). */
  contentType: string;
  /** GET only: serve as an attachment with this name ('' for inline). */
  filename: string;
}

export type GrantCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signs and checks the local adapter's URLs (HMAC-SHA256). Pure: the clock is an argument.
 * The key is derived from the app secret with a fixed label, so a storage signature can never be
 * replayed as an access token signature or the other way round.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'stardeck', 'stardeck object storage url v1', 32));
  }

  sign(grant: StorageGrant): string {
    // JSON of a fixed-order array is unambiguous even when a field contains a separator.
    const canonical = JSON.stringify([grant.method, grant.key, grant.expires, grant.maxBytes, normaliseType(grant.contentType), grant.filename]);
    return createHmac('sha256', this.key).update(canonical).digest('base64url');
  }

  /** Signature first, then time: a tampered URL reads as invalid even when it is also old. */
  check(grant: StorageGrant, signature: string, nowSeconds: number): GrantCheck {
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return nowSeconds > grant.expires ? 'expired' : 'valid';
  }
}

/** Clients and proxies may change the case or spacing of a Content-Type; its meaning stays. */
export function normaliseType(contentType: string): string {
  return contentType.trim().toLowerCase().replace(/\s*;\s*/g, '; ');
}
