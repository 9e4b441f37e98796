import { describe, expect, it } from 'vitest';
import { UrlSigner, type StorageGrant } from './url-signer';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const grant: StorageGrant = { method: 'PUT', key: 'uploads/u1/a.mp3', expires: 1_000, maxBytes: 5_000, contentType: 'audio/mpeg', filename: '' };

describe('UrlSigner', () => {
  const signer = new UrlSigner(SECRET);
  const signature = signer.sign(grant);

  it('accepts its own signature until the expiry second has passed', () => {
    expect(signer.check(grant, signature, 999)).toBe('valid');
    expect(signer.check(grant, signature, 1_000)).toBe('valid');
    expect(signer.check(grant, signature, 1_001)).toBe('expired');
  });

  it('refuses the signature when any granted field changes', () => {
    const changes: Array<Partial<StorageGrant>> = [
      { method: 'GET' }, { key: 'uploads/u1/b.mp3' }, { expires: 2_000 }, { maxBytes: 5_001 }, { contentType: 'image/png' }, { filename: 'x.mp3' },
    ];
    for (const change of changes) expect(signer.check({ ...grant, ...change }, signature, 0), JSON.stringify(change)).toBe('invalid');
  });

  it('reads a tampered URL as invalid even when it is also expired', () => {
    expect(signer.check({ ...grant, key: 'other' }, signature, 5_000)).toBe('invalid');
  });

  it('refuses signatures made with another secret, truncated or empty', () => {
    expect(signer.check(grant, new UrlSigner(`${SECRET}!`).sign(grant), 0)).toBe('invalid');
    expect(signer.check(grant, signature.slice(0, -1), 0)).toBe('invalid');
    expect(signer.check(grant, '', 0)).toBe('invalid');
  });

  it('does not care how a client spells the same content type', () => {
    expect(signer.check({ ...grant, contentType: ' Audio/MPEG ' }, signature, 0)).toBe('valid');
    const withCharset = signer.sign({ ...grant, contentType: 'text/plain;charset=UTF-8' });
    expect(signer.check({ ...grant, contentType: 'text/plain; charset=utf-8' }, withCharset, 0)).toBe('valid');
  });

  it('never equals an HMAC keyed with the raw secret, so it cannot stand in for another signature', async () => {
    const { createHmac } = await import('node:crypto');
    const canonical = JSON.stringify([grant.method, grant.key, grant.expires, grant.maxBytes, grant.contentType, grant.filename]);
    expect(signature).not.toBe(createHmac('sha256', SECRET).update(canonical).digest('base64url'));
  });
});
