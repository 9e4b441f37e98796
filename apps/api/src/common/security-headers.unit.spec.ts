import type { S3StorageOptions } from '@stardeck/infra';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaderOptions } from './security-headers';

const S3: S3StorageOptions = {
  endpoint: 'https://objects.example.net:9000', bucket: 'tracks', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true,
};

/** The Content-Security-Policy header helmet writes with these options. */
function policyOf(s3: S3StorageOptions | null): Map<string, string> {
  const headers = new Map<string, string>();
  const response = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value), removeHeader: () => undefined };
  helmet(securityHeaderOptions(s3))({} as never, response as never, () => undefined);
  const directives = (headers.get('content-security-policy') ?? '').split(';').map((part) => part.trim().split(/\s+/));
  return new Map(directives.map(([name, ...values]) => [name!, values.join(' ')]));
}

describe('content security policy', () => {
  it('lets the page reach only its own origin when objects are on local disk', () => {
    const policy = policyOf(null);
    expect(policy.get('connect-src')).toBe("'self'");
    expect(policy.get('media-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it('lets uploads and playback reach the object store when objects are on S3', () => {
    const policy = policyOf(S3);
    expect(policy.get('connect-src')).toBe("'self' https://objects.example.net:9000");
    expect(policy.get('media-src')).toBe("'self' https://objects.example.net:9000");
    expect(policy.get('script-src')).toBe("'self'");
  });

  it('adds the bucket host for virtual-hosted buckets', () => {
    const policy = policyOf({ ...S3, forcePathStyle: false });
    expect(policy.get('media-src')).toBe("'self' https://objects.example.net:9000 https://tracks.objects.example.net:9000");
  });
});
