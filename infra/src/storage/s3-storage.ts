import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand, CreateBucketCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './http-range';
import { assertObjectKey, assertObjectPrefix } from './object-key';
import { ObjectNotFoundError, ObjectTooLargeError, type ByteRange, type ObjectInfo, type ObjectStorage, type SignedUpload } from './object-storage';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /**
   * Where browsers reach the store, when not at `endpoint` (S3_PUBLIC_ENDPOINT): inside a
   * Compose network or a cluster the processes talk to `http://s3:9000` while a browser goes
   * through the site's proxy. Presigned URLs are signed for this host.
   */
  publicEndpoint?: string | null;
}

/**
 * Any S3-compatible store (MinIO, R2, Ceph, AWS) through presigned URLs.
 *
 * A presigned PUT cannot limit the body size (only a POST policy can), so `signUpload`'s
 * `maxBytes` is advisory here: the step that accepts an upload must `head` the stored object and
 * refuse it (and delete it) when it is larger than allowed.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  /** Signs the URLs browsers use: the same client unless the store has a public endpoint of its own. */
  private readonly signer: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = S3Storage.clientFor(options, options.endpoint);
    this.signer = options.publicEndpoint ? S3Storage.clientFor(options, options.publicEndpoint) : this.client;
  }

  private static clientFor(options: S3StorageOptions, endpoint: string): S3Client {
    return new S3Client({
      endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Default checksums would add x-amz-checksum-* to presigned PUTs, which a browser cannot
      // compute, and several S3-compatible stores reject them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Makes the bucket unless it exists: a new site's first step (`stardeck create-bucket`). */
  async ensureBucket(): Promise<'created' | 'exists'> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return 'exists';
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    return 'created';
  }

  async signUpload(key: string, options: { contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<SignedUpload> {
    assertObjectKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType });
    // content-type is a signed header: a PUT with any other type is refused by the store.
    const url = await getSignedUrl(this.signer, command, { expiresIn: options.expiresInSeconds, signableHeaders: new Set(['content-type']) });
    return { url, method: 'PUT', headers: { 'content-type': options.contentType }, form_data: {}, expires_in: options.expiresInSeconds };
  }

  async signDownload(key: string, options: { expiresInSeconds: number; contentType?: string; filename?: string }): Promise<string> {
    assertObjectKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.filename ? attachmentDisposition(options.filename) : undefined,
      ResponseCacheControl: 'private',
    });
    return getSignedUrl(this.signer, command, { expiresIn: options.expiresInSeconds });
  }

  async put(key: string, body: Buffer | Readable, options: { contentType: string; contentLength?: number; maxBytes?: number }): Promise<void> {
    assertObjectKey(key);
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    if ((options.contentLength ?? 0) > limit) throw new ObjectTooLargeError(limit);
    // PutObject needs the length up front; a stream of unknown length is gathered first (bounded by maxBytes).
    const payload = Buffer.isBuffer(body) || options.contentLength !== undefined ? body : await collect(body, limit);
    if (Buffer.isBuffer(payload) && payload.length > limit) throw new ObjectTooLargeError(limit);
    await this.client.send(new PutObjectCommand({
      Bucket: this.bucket, Key: key, Body: payload, ContentType: options.contentType, ContentLength: options.contentLength,
    }));
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertObjectKey(key);
    try {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: found.ContentLength ?? 0, contentType: found.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertObjectKey(key);
    try {
      const found = await this.client.send(new GetObjectCommand({
        Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }));
      return found.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async download(key: string, destinationPath: string): Promise<void> {
    await pipeline(await this.read(key), createWriteStream(destinationPath));
  }

  /** S3 has no rename: a copy inside the store (bytes and content type), then a delete. */
  async move(from: string, to: string): Promise<void> {
    assertObjectKey(from);
    assertObjectKey(to);
    try {
      // Keys use only characters that need no escaping in CopySource.
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}`, MetadataDirective: 'COPY' }));
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(from);
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertObjectPrefix(prefix);
    let deleted = 0;
    let token: string | undefined;
    do {
      // A page holds at most 1000 keys, which is also DeleteObjects' limit.
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        if (result.Errors?.length) throw new Error(`could not delete ${result.Errors.length} objects under ${prefix}: ${result.Errors[0]?.Message ?? ''}`);
        deleted += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  async removeUnfinishedWrites(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NoSuchBucket' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

async function collect(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new ObjectTooLargeError(limit);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
