import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  LOSSLESS_EXTENSIONS, PREFLIGHT_CHUNK_BYTES, TRACK_MSG, UPLOAD_ERROR_CODES, checkAudioDeclaration, defaultTrackTitle,
  extensionOf, normaliseTags, slugify, trackStreamIds, type CreateTrackDto, type TrackArtworkRef, type UploadErrorCode,
} from '@stardeck/contracts';
import type { EventMetadata, Platform } from '@stardeck/infra';
import type { AuthUser } from '../auth/auth.guard';
import { tierOf } from '../auth/me.service';
import { ApiError } from '../common/api-error';
import { handleCommand } from '../common/event-sourcing';
import { PLATFORM } from '../platform/platform.module';
import { ArtworkService } from './artwork.service';
import { sniffAudio } from './audio-sniff';
import { PendingUploadsRepository } from './pending-uploads.repository';
import { TagsRepository } from './tags.repository';
import { canView } from './track-view';
import { trackDecider } from './tracks.decider';
import { projectTracks } from './tracks.projection';
import { TracksRepository } from './tracks.repository';

export interface PreflightResult {
  upload_url: string;
  method: 'PUT';
  headers: Record<string, string>;
  s3_path: string;
  key: string;
  expires_in: number;
  form_data: Record<string, string>;
}

/** An hour covers a 256 MB upload on a slow line; the URL is bound to one key and size. */
const UPLOAD_URL_SECONDS = 3600;
/** How long a signed upload stays reserved (and stored) without becoming a track. */
const RESERVATION_SECONDS = 24 * 3600;
const MB = 1024 * 1024;

const refuse = (code: UploadErrorCode, description: string, status = 400) =>
  ApiError.coded(status, code, TRACK_MSG.preflightFailed, description);
const createFailed = (code: UploadErrorCode, description: string, status = 400) =>
  ApiError.coded(status, code, TRACK_MSG.creationFailed, description);

/**
 * The upload flow of spec §4: preflight (declared file and first bytes) → direct signed PUT to
 * storage → create, which checks the stored bytes again before anything is recorded.
 */
@Injectable()
export class UploadService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly tracks: TracksRepository,
    private readonly tags: TagsRepository,
    private readonly artwork: ArtworkService,
    private readonly pending: PendingUploadsRepository,
  ) {}

  async preflight(user: AuthUser, file: { filename: string; filesize: number; filetype: string }, chunk: Buffer): Promise<PreflightResult> {
    const declared = checkAudioDeclaration(file);
    if (declared) throw refuse(declared.code, declared.message, declared.code === UPLOAD_ERROR_CODES.fileTooLarge ? 413 : 400);
    // The chunk must be the file's real start: all of it for a small file, 4096 bytes otherwise.
    if (chunk.length !== Math.min(PREFLIGHT_CHUNK_BYTES, file.filesize) || !(await sniffAudio(chunk))) {
      throw refuse(UPLOAD_ERROR_CODES.invalidMimeType, TRACK_MSG.invalidMimeType);
    }
    const key = `uploads/${user.id}/${randomUUID()}.${extensionOf(file.filename)}`;
    await this.platform.store.db.transaction().execute(async (tx) => {
      await this.tracks.lockUploader(tx, user.id);
      await this.checkQuota(user, file.filesize, refuse, tx);
      await this.pending.reserve(tx, key, user.id, file.filesize, new Date(Date.now() + RESERVATION_SECONDS * 1000));
    });
    const signed = await this.platform.storage.signUpload(key, {
      contentType: file.filetype, maxBytes: file.filesize, expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    return {
      upload_url: signed.url, method: signed.method, headers: signed.headers, s3_path: key, key,
      expires_in: signed.expires_in, form_data: signed.form_data,
    };
  }

  async create(user: AuthUser, dto: CreateTrackDto, meta: Omit<EventMetadata, 'actor'>): Promise<number> {
    const declared = checkAudioDeclaration({ filename: dto.filename, filesize: dto.filesize, filetype: dto.mimetype });
    if (declared) throw createFailed(declared.code, declared.message);
    const prefix = `uploads/${user.id}/`;
    const pattern = new RegExp(`^${prefix}[0-9a-f-]{36}\\.${dto.extension}$`);
    if (!pattern.test(dto.key)) throw createFailed(UPLOAD_ERROR_CODES.uploadFailed, TRACK_MSG.uploadNotYours, 403);
    const format = await this.verifyStoredBytes(dto.key, dto.filesize);
    const names = normaliseTags(dto.tags ?? []);
    if ('error' in names) throw ApiError.badRequest(TRACK_MSG.creationFailed, names.error, { tags: names.error });
    if (dto.parent_id) {
      const parent = await this.tracks.findRow(dto.parent_id);
      if (!parent || !canView(parent, user.id)) throw ApiError.badRequest(TRACK_MSG.creationFailed, TRACK_MSG.parentNotFound, { parent_id: TRACK_MSG.parentNotFound });
    }
    let artwork: TrackArtworkRef | null = null;
    if (dto.artwork_data) artwork = await this.artwork.store(user.id, await this.artwork.prepare(dto.artwork_data));
    const title = dto.title || defaultTrackTitle(dto.filename);
    try {
      return await this.platform.store.transaction(async (tx) => {
        await this.tracks.lockUploader(tx, user.id);
        await this.pending.claim(tx, dto.key);
        await this.checkQuota(user, dto.filesize, createFailed, tx);
        const trackId = await this.tracks.nextTrackId(tx);
        const tags = await this.tags.ensure(tx, names.tags);
        await handleCommand(this.platform.store, tx, trackDecider, trackStreamIds.track(trackId), {
          type: 'UploadTrack', track_id: trackId, user_id: user.id, title, slug: slugify(title),
          description: dto.description ?? null,
          // Spec §4: the request defaults to private, whatever the form shows.
          visibility: dto.visibility ?? 'private',
          parent_id: dto.parent_id ?? null, tags, filename: dto.filename, mimetype: dto.mimetype, extension: format,
          filesize: dto.filesize, source_key: dto.key, lossless: LOSSLESS_EXTENSIONS.includes(format), artwork,
        }, { ...meta, actor: user.id }, projectTracks);
        return trackId;
      });
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      if ((error as { code?: string }).code === '23505') {
        throw createFailed(UPLOAD_ERROR_CODES.uploadFailed, 'This upload already belongs to a track', 409);
      }
      if (error instanceof ApiError && error.errorCode === UPLOAD_ERROR_CODES.quotaExceeded) await this.discard(dto.key);
      throw error;
    }
  }

  /**
   * The object in storage must be the file the preflight approved: the declared size and audio
   * bytes. Anything else is deleted, so a refused upload leaves nothing behind.
   */
  private async verifyStoredBytes(key: string, filesize: number) {
    const info = await this.platform.storage.head(key);
    if (!info) throw createFailed(UPLOAD_ERROR_CODES.uploadFailed, TRACK_MSG.uploadMissing);
    if (info.size !== filesize) {
      await this.discard(key);
      throw createFailed(UPLOAD_ERROR_CODES.uploadMismatch, TRACK_MSG.uploadSizeMismatch(filesize, info.size));
    }
    const head = await this.readHead(key, Math.min(PREFLIGHT_CHUNK_BYTES, info.size));
    const format = await sniffAudio(head);
    if (!format) {
      await this.discard(key);
      throw createFailed(UPLOAD_ERROR_CODES.invalidMimeType, TRACK_MSG.invalidMimeType);
    }
    return format;
  }

  private async readHead(key: string, bytes: number): Promise<Buffer> {
    if (bytes === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.platform.storage.read(key, { start: 0, end: bytes - 1 })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async checkQuota(user: AuthUser, filesize: number, fail: typeof refuse, tx?: Parameters<TracksRepository['storageUsed']>[1]): Promise<void> {
    const quotaMb = tierOf(user).storageMb;
    // Stored tracks plus uploads signed but not yet created: both occupy storage.
    const used = (await this.tracks.storageUsed(user.id, tx)) + (await this.pending.reservedBytes(user.id, tx));
    if (used + filesize > quotaMb * MB) throw fail(UPLOAD_ERROR_CODES.quotaExceeded, TRACK_MSG.quotaExceeded(used / MB, quotaMb), 413);
  }

  /** A refused upload is deleted and frees its reservation; if deleting fails, the sweeper retries later. */
  private async discard(key: string): Promise<void> {
    try {
      await this.platform.storage.delete(key);
      await this.pending.remove(key);
    } catch (error) {
      this.platform.logger.warn({ err: error, key }, 'upload discard failed');
    }
  }
}
