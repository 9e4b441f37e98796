import { Injectable } from '@nestjs/common';
import {
  LOSSLESS_EXTENSIONS, PREFLIGHT_CHUNK_BYTES, TRACK_MSG, UPLOAD_ERROR_CODES, checkAudioDeclaration, defaultTrackTitle,
  extensionOf, normaliseTags, slugify, trackStreamIds, type CreateTrackDto, type TrackArtworkRef, type UploadErrorCode,
} from '@stardeck/contracts';
import { storageKeys, storageUsage, uploadLimits } from '@stardeck/domain';
import { ObjectNotFoundError, type Clock, type Db, type EventStore, type Logger, type ObjectStorage, type Tx } from '@stardeck/infra';
import { tierOf, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { trackVisibility } from '../common/visibility';
import { InjectClock, InjectDatabase, InjectEventStore, InjectLogger, InjectStorage } from '../platform/tokens';
import { ArtworkService } from './artwork.service';
import { PendingUploadsRepository } from './pending-uploads.repository';
import { TagsRepository } from './tags.repository';
import { TrackCommands } from './track-commands';
import { sniffStoredUpload, sniffUpload } from './upload-sniff';
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
const alreadyTrack = () => createFailed(UPLOAD_ERROR_CODES.uploadFailed, TRACK_MSG.uploadAlreadyTrack, 409);

/**
 * The upload flow of spec §4: preflight (declared file and first bytes) → direct signed PUT to
 * storage → create, which checks the stored bytes again before anything is recorded.
 */
@Injectable()
export class UploadService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectStorage() private readonly storage: ObjectStorage,
    @InjectLogger() private readonly logger: Logger,
    @InjectClock() private readonly clock: Clock,
    private readonly commands: TrackCommands,
    private readonly tracks: TracksRepository,
    private readonly tags: TagsRepository,
    private readonly artwork: ArtworkService,
    private readonly pending: PendingUploadsRepository,
  ) {}

  async preflight(user: AuthUser, file: { filename: string; filesize: number; filetype: string }, chunk: Buffer): Promise<PreflightResult> {
    const declared = checkAudioDeclaration(file);
    if (declared) throw refuse(declared.code, declared.message, declared.code === UPLOAD_ERROR_CODES.fileTooLarge ? 413 : 400);
    // The chunk must be the file's real start: all of it for a small file, 4096 bytes otherwise.
    const sniffed = chunk.length === Math.min(PREFLIGHT_CHUNK_BYTES, file.filesize) ? await sniffUpload(chunk, extensionOf(file.filename)) : null;
    if (!sniffed) throw refuse(UPLOAD_ERROR_CODES.invalidMimeType, TRACK_MSG.invalidMimeType);
    // Before anything is reserved or signed: a member without video uploads stores nothing.
    if (sniffed.video) this.checkVideoAllowed(user, refuse);
    const key = storageKeys.upload(user.id, extensionOf(file.filename));
    await this.store.transaction(async (tx) => {
      await this.tracks.lockUploader(tx, user.id);
      await this.checkUploadRate(tx, user, refuse);
      await this.checkQuota(tx, user, file.filesize, refuse);
      await this.pending.reserve(tx, key, user.id, file.filesize, new Date(this.clock.now().getTime() + RESERVATION_SECONDS * 1000));
    });
    const signed = await this.storage.signUpload(key, {
      contentType: file.filetype, maxBytes: file.filesize, expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    return {
      upload_url: signed.url, method: signed.method, headers: signed.headers, s3_path: key, key,
      expires_in: signed.expires_in, form_data: signed.form_data,
    };
  }

  async create(user: AuthUser, dto: CreateTrackDto): Promise<number> {
    const declared = checkAudioDeclaration({ filename: dto.filename, filesize: dto.filesize, filetype: dto.mimetype });
    if (declared) throw createFailed(declared.code, declared.message);
    if (!storageKeys.isUploadOf(dto.key, user.id, dto.extension)) throw createFailed(UPLOAD_ERROR_CODES.uploadFailed, TRACK_MSG.uploadNotYours, 403);
    const names = normaliseTags(dto.tags ?? []);
    if ('error' in names) throw ApiError.badRequest(TRACK_MSG.creationFailed, names.error, { tags: names.error });
    if (dto.parent_id) {
      const parent = await this.tracks.findRow(this.db, dto.parent_id);
      if (!parent || !trackVisibility.canView(parent, user)) throw ApiError.badRequest(TRACK_MSG.creationFailed, TRACK_MSG.parentNotFound, { parent_id: TRACK_MSG.parentNotFound });
    }
    if (await this.pending.isClaimed(this.db, dto.key)) throw alreadyTrack();
    const sourceKey = await this.takeUpload(dto.key, storageKeys.source(user.id, dto.extension));
    const { format } = await this.verifyStoredBytes(user, sourceKey, dto);
    let artwork: TrackArtworkRef | null = null;
    const title = dto.title || defaultTrackTitle(dto.filename);
    try {
      if (dto.artwork_data) artwork = await this.artwork.store(user.id, await this.artwork.prepare(dto.artwork_data));
      return await this.store.transaction(async (tx) => {
        await this.tracks.lockUploader(tx, user.id);
        const now = this.clock.now();
        // The URL that brought the upload dies within the hour: sweep whatever it writes then.
        if (!(await this.pending.claim(tx, dto.key, now, new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000)))) throw alreadyTrack();
        await this.checkUploadRate(tx, user, createFailed);
        await this.checkQuota(tx, user, dto.filesize, createFailed);
        const trackId = await this.tracks.nextTrackId(tx);
        const tags = await this.tags.ensure(tx, names.tags);
        await this.commands.runIn(tx, trackStreamIds.track(trackId), {
          type: 'UploadTrack', track_id: trackId, user_id: user.id, title, slug: slugify(title),
          description: dto.description ?? null,
          // Spec §4: the request defaults to private, whatever the form shows.
          visibility: dto.visibility ?? 'private',
          parent_id: dto.parent_id ?? null, tags, filename: dto.filename, mimetype: dto.mimetype, extension: format,
          filesize: dto.filesize, source_key: sourceKey, lossless: (LOSSLESS_EXTENSIONS as readonly string[]).includes(format), artwork,
        });
        return trackId;
      });
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      if (error instanceof ApiError && error.errorCode === UPLOAD_ERROR_CODES.quotaExceeded) {
        await this.discard(sourceKey, dto.key);
      } else {
        // No track took it: the upload goes back where its reservation is, for another try.
        await this.storage.move(sourceKey, dto.key).catch((failure: unknown) => this.logger.warn({ err: failure, key: dto.key }, 'upload could not be put back'));
      }
      throw error;
    }
  }

  /**
   * Moves the upload to a key of the track's own before anything is checked: from then on, the
   * signed URL that brought it can write to its old key until it expires, but never again change
   * what is checked, stored and transcoded.
   */
  private async takeUpload(uploadKey: string, sourceKey: string): Promise<string> {
    try {
      await this.storage.move(uploadKey, sourceKey);
      return sourceKey;
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw createFailed(UPLOAD_ERROR_CODES.uploadFailed, TRACK_MSG.uploadMissing);
      throw error;
    }
  }

  /**
   * The object in storage must be the file the preflight approved: the declared size, and audio
   * bytes or (for a member allowed video) a video container. Anything else is deleted, so a
   * refused upload leaves nothing behind.
   */
  private async verifyStoredBytes(user: AuthUser, key: string, dto: CreateTrackDto) {
    const { key: reservationKey, filesize } = dto;
    const info = await this.storage.head(key);
    if (!info) throw createFailed(UPLOAD_ERROR_CODES.uploadFailed, TRACK_MSG.uploadMissing);
    if (info.size !== filesize) {
      await this.discard(key, reservationKey);
      throw createFailed(UPLOAD_ERROR_CODES.uploadMismatch, TRACK_MSG.uploadSizeMismatch(filesize, info.size));
    }
    // The same sniffing as the preflight's, now able to read past an ID3 tag of any length.
    const sniffed = await sniffStoredUpload(info.size, (start, length) => this.readRange(key, start, Math.min(length, info.size - start)), dto.extension);
    if (!sniffed) {
      await this.discard(key, reservationKey);
      throw createFailed(UPLOAD_ERROR_CODES.invalidMimeType, TRACK_MSG.invalidMimeType);
    }
    if (sniffed.video) {
      try {
        this.checkVideoAllowed(user, createFailed);
      } catch (error) {
        await this.discard(key, reservationKey);
        throw error;
      }
    }
    return sniffed;
  }

  /** Spec §6: video uploads are premium (and admin); anyone else hears what the locked option says. */
  private checkVideoAllowed(user: AuthUser, fail: typeof refuse): void {
    if (!tierOf(user).features.video_upload) throw fail(UPLOAD_ERROR_CODES.premiumRequired, TRACK_MSG.videoNeedsPremium, 403);
  }

  private async readRange(key: string, start: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(key, { start, end: start + length - 1 })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async checkQuota(tx: Tx, user: AuthUser, filesize: number, fail: typeof refuse): Promise<void> {
    const quotaMb = tierOf(user).storageMb;
    // Stored tracks, uploads signed but not yet created, and what a used upload URL wrote again.
    const used = await storageUsage.usedBytes(tx, this.storage, user.id, this.clock.now());
    if (used + filesize > quotaMb * MB) throw fail(UPLOAD_ERROR_CODES.quotaExceeded, TRACK_MSG.quotaExceeded(used / MB, quotaMb), 413);
  }

  /** The tier's uploads an hour, counted under the uploader's lock so parallel creates cannot pass it together. */
  private async checkUploadRate(tx: Tx, user: AuthUser, fail: typeof refuse): Promise<void> {
    const tier = tierOf(user);
    if ((await uploadLimits.uploadsInLastHour(tx, user.id, this.clock.now())) >= tier.uploadsPerHour) {
      throw fail(UPLOAD_ERROR_CODES.uploadLimit, TRACK_MSG.uploadsPerHour(tier.uploadsPerHour, tier.slug), 429);
    }
  }

  /** A refused upload is deleted and frees its reservation; a failed delete is logged and leaves the object. */
  private async discard(key: string, reservationKey: string): Promise<void> {
    try {
      await this.storage.delete(key);
      await this.pending.remove(this.db, reservationKey);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'upload discard failed');
    }
  }
}
