import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { S3Storage } from './s3-storage';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'stardeck-s3-config-')) });
const S3 = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'stardeck', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('S3 configuration', () => {
  it('keeps objects on local disk when no S3 variable is set', () => {
    expect(loadConfig(base()).s3).toBeNull();
  });

  it('uses S3 with path-style addressing and us-east-1 unless told otherwise', () => {
    expect(loadConfig({ ...base(), ...S3 }).s3).toEqual({
      endpoint: 'http://minio:9000', bucket: 'stardeck', accessKeyId: 'key', secretAccessKey: 'secret', region: 'us-east-1', forcePathStyle: true, publicEndpoint: null,
    });
    expect(loadConfig({ ...base(), ...S3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-central-1', forcePathStyle: false,
    });
  });

  it('names each missing S3 variable in its own sentence when only some are set', () => {
    expect(problemsOf({ ...base(), S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'stardeck' })).toEqual([
      'S3_ACCESS_KEY_ID is required when S3_ENDPOINT is set (S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
      'S3_SECRET_ACCESS_KEY is required when S3_ENDPOINT is set (S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    ]);
  });

  it('refuses an endpoint that is not an http(s) URL and a path style that is not true or false', () => {
    expect(problemsOf({ ...base(), ...S3, S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'maybe' })).toEqual([
      'S3_ENDPOINT must start with http:// or https:// (got "minio://…")',
      'S3_FORCE_PATH_STYLE must be true or false (got "maybe")',
    ]);
    expect(problemsOf({ ...base(), ...S3, S3_ENDPOINT: 'not a url' })).toEqual(['S3_ENDPOINT is not a valid URL']);
  });

  it('signs URLs for browsers at the public endpoint when the processes reach the store elsewhere', async () => {
    const config = loadConfig({ ...base(), ...S3, S3_PUBLIC_ENDPOINT: 'https://music.example/objects' });
    expect(config.s3).toMatchObject({ endpoint: 'http://minio:9000', publicEndpoint: 'https://music.example/objects' });
    const storage = new S3Storage(config.s3!);
    const download = new URL(await storage.signDownload('tracks/1/a.mp3', { expiresInSeconds: 60 }));
    expect(`${download.origin}${download.pathname}`).toBe('https://music.example/objects/stardeck/tracks/1/a.mp3');
    const upload = new URL((await storage.signUpload('uploads/x.mp3', { contentType: 'audio/mpeg', maxBytes: 10, expiresInSeconds: 60 })).url);
    expect(upload.host).toBe('music.example');
    expect(problemsOf({ ...base(), ...S3, S3_PUBLIC_ENDPOINT: 'ftp://x' })).toEqual(['S3_PUBLIC_ENDPOINT must start with http:// or https:// (got "ftp://…")']);
  });
});
