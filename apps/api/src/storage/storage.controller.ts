import { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { Controller, Get, Put, Req, Res, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  LocalStorage, ObjectTooLargeError, STORAGE_ROUTE_PREFIX, assertObjectKey, attachmentDisposition, parseRange, type ObjectStorage, type StorageGrant,
} from '@stardeck/infra';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { AcceptsBody } from '../common/body-types';
import { InjectStorage } from '../platform/tokens';
import { detachedBody, registerUploadBodyParser } from './upload-body';

type Query = Record<string, string | undefined>;

const DIGITS = /^\d{1,15}$/;

/**
 * The local adapter's side of signed URLs: clients PUT uploads to and GET (with Range) objects
 * from here. On S3 the URLs point at the store instead, so these routes answer 404.
 */
@ApiExcludeController()
@Controller('v1/storage/objects')
export class StorageController implements OnModuleInit {
  constructor(
    @InjectStorage() private readonly storage: ObjectStorage,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    registerUploadBodyParser(this.adapterHost.httpAdapter.getInstance());
  }

  @Put('*')
  @AcceptsBody('raw')
  async upload(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const storage = this.localStorage();
    const key = keyOf(request);
    const query = request.query as Query;
    const contentType = request.headers['content-type'] ?? '';
    if (!DIGITS.test(query.max ?? '')) throw forbidden('invalid');
    const maxBytes = Number(query.max);
    this.authorise(storage, { method: 'PUT', key, expires: expiresOf(query), maxBytes, contentType, filename: '' }, query.sig);
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
    if (!(request.body instanceof Readable)) {
      throw new ApiError(415, 'Unsupported Media Type', `Uploads of type ${contentType || '(none)'} are not accepted`);
    }
    try {
      await storage.put(key, detachedBody(request.raw), { contentType, maxBytes });
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw tooLarge(maxBytes);
      throw error;
    }
    void reply.status(200);
    return ok({ key });
  }

  @Get('*')
  async download(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const storage = this.localStorage();
    const key = keyOf(request);
    const query = request.query as Query;
    const grant: StorageGrant = { method: 'GET', key, expires: expiresOf(query), maxBytes: 0, contentType: query.type ?? '', filename: query.name ?? '' };
    this.authorise(storage, grant, query.sig);
    // The stored type is only read when the URL does not name one, and then alongside the stat.
    const [found, storedType] = await Promise.all([storage.stat(key), grant.contentType ? null : storage.storedContentType(key)]);
    if (!found) throw ApiError.notFound();

    const etag = `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
    // If-Range: a client resuming a changed object gets it whole rather than a spliced slice.
    const ifRange = request.headers['if-range'];
    const wanted = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, found.size) : { kind: 'whole' as const };
    if (wanted.kind === 'unsatisfiable') {
      throw new ApiError(416, 'Range Not Satisfiable', `The object is ${found.size} bytes long`, undefined, { 'content-range': `bytes */${found.size}` });
    }

    void reply
      .header('content-type', grant.contentType || storedType || 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('etag', etag)
      // The URL itself expires; a browser may reuse the bytes (seeking back) until then, a shared cache never.
      .header('cache-control', `private, max-age=${Math.max(0, grant.expires - Math.floor(Date.now() / 1000))}`);
    if (grant.filename) void reply.header('content-disposition', attachmentDisposition(grant.filename));
    if (wanted.kind === 'range') {
      const { start, end } = wanted.range;
      void reply.status(206).header('content-range', `bytes ${start}-${end}/${found.size}`).header('content-length', end - start + 1);
      return reply.send(createReadStream(found.path, { start, end }));
    }
    void reply.status(200).header('content-length', found.size);
    return reply.send(createReadStream(found.path));
  }

  private localStorage(): LocalStorage {
    const storage = this.storage;
    if (!(storage instanceof LocalStorage)) throw ApiError.notFound();
    return storage;
  }

  private authorise(storage: LocalStorage, grant: StorageGrant, signature: string | undefined): void {
    const result = storage.checkGrant(grant, signature ?? '');
    if (result !== 'valid') throw forbidden(result);
  }
}

function keyOf(request: FastifyRequest): string {
  const path = (request.url.split('?')[0] ?? '').slice(STORAGE_ROUTE_PREFIX.length);
  try {
    const key = path.split('/').map(decodeURIComponent).join('/');
    assertObjectKey(key);
    return key;
  } catch {
    throw ApiError.badRequest('Bad Request', 'The object path is not valid');
  }
}

/** A missing or malformed expiry can never match a signature; -1 makes that explicit. */
function expiresOf(query: Query): number {
  return DIGITS.test(query.expires ?? '') ? Number(query.expires) : -1;
}

function forbidden(reason: 'expired' | 'invalid'): ApiError {
  return ApiError.forbidden(reason === 'expired' ? 'This storage link has expired' : 'This storage link is not valid');
}

function tooLarge(maxBytes: number): ApiError {
  // Closing the connection stops a client that would otherwise keep sending the rest of the file.
  return new ApiError(413, 'Payload Too Large', `The file is larger than the ${maxBytes} bytes this link allows`, undefined, { connection: 'close' });
}
