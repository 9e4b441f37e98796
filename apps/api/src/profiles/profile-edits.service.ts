import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  PROFILE_LIMITS, PROFILE_MSG, normaliseLinks, profileStreamIds, type AvatarChanged, type BannerChanged, type ProfileLink, type ReplaceLinksDto,
  type UpdateProfileDto, type UserConfig,
} from '@stardeck/contracts';
import { storageKeys } from '@stardeck/domain';
import type { EventStore, Tx } from '@stardeck/infra';
import { AccountsRepository, tierOf, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { ImageService, type ImageRules } from '../images';
import { InjectEventStore } from '../platform/tokens';
import { TracksRepository } from '../tracks';
import { ProfileCommands } from './profile-commands';

export type ProfileImageKind = 'avatar' | 'banner';

/** Spec §5/§9 image limits; avatars are stored square, banners wide. */
export const PROFILE_IMAGES: Record<ProfileImageKind, ImageRules> = {
  avatar: { maxBytes: PROFILE_LIMITS.avatarMaxBytes, width: 400, height: 400, title: PROFILE_MSG.avatarFailed, field: 'avatar' },
  banner: { maxBytes: PROFILE_LIMITS.bannerMaxBytes, width: 1500, height: 500, title: PROFILE_MSG.bannerFailed, field: 'banner' },
};

/** Only the settings that were sent: absent fields of the form object arrive as undefined. */
function sentSettings(config: object): Partial<UserConfig> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)) as Partial<UserConfig>;
}

/** A member editing their own profile: bio, display name, settings, links, avatar and banner. */
@Injectable()
export class ProfileEditsService {
  constructor(
    @InjectEventStore() private readonly store: EventStore,
    private readonly commands: ProfileCommands,
    private readonly accounts: AccountsRepository,
    private readonly tracks: TracksRepository,
    private readonly images: ImageService,
  ) {}

  /** Everything the form sent, in one transaction: all of it is saved or none. */
  async update(user: AuthUser, dto: UpdateProfileDto): Promise<void> {
    if (dto.bio === undefined && dto.display_name === undefined && dto.config === undefined) {
      throw ApiError.badRequest('Validation Failed', PROFILE_MSG.nothingToUpdate);
    }
    const stream = profileStreamIds.profile(user.id);
    await this.store.transaction(async (tx) => {
      if (dto.bio !== undefined) await this.commands.runIn(tx, stream, { type: 'ChangeBio', user_id: user.id, bio: dto.bio ?? null });
      if (dto.display_name !== undefined) {
        await this.commands.runIn(tx, stream, { type: 'ChangeDisplayName', user_id: user.id, display_name: dto.display_name });
      }
      if (dto.config !== undefined) await this.changeConfig(tx, user, sentSettings(dto.config));
    });
  }

  private async changeConfig(tx: Tx, user: AuthUser, changes: Partial<UserConfig>): Promise<void> {
    if (changes.pinned_track_id !== undefined && changes.pinned_track_id !== null) {
      const track = await this.tracks.findRow(tx, Number(changes.pinned_track_id));
      if (!track || track.user_id !== user.id) {
        throw ApiError.badRequest('Validation Failed', PROFILE_MSG.pinnedTrack, { 'config.pinned_track_id': PROFILE_MSG.pinnedTrack });
      }
    }
    // The tier as of this transaction decides the quality fallback.
    const account = await this.accounts.findById(tx, user.id);
    await this.commands.runIn(tx, profileStreamIds.profile(user.id), { type: 'ChangeConfig', user_id: user.id, changes, tier: tierOf(account ?? user) });
  }

  /** Replaces the member's links: https assumed, blank titles dropped, one primary (the first if none is marked). */
  async replaceLinks(user: AuthUser, dto: ReplaceLinksDto): Promise<ProfileLink[]> {
    const links = normaliseLinks(dto.links).map((link) => ({ id: randomUUID(), ...link }));
    const { state } = await this.commands.execute(profileStreamIds.profile(user.id), { type: 'ReplaceLinks', user_id: user.id, links });
    return state.links;
  }

  /**
   * Checks, resizes and stores a new avatar or banner, then records it. The stored object is
   * removed again when the record fails, and the replaced one once the new one is committed.
   */
  async changeImage(user: AuthUser, kind: ProfileImageKind, bytes: Buffer): Promise<string> {
    const image = await this.images.prepare(bytes, PROFILE_IMAGES[kind]);
    const key = storageKeys[kind](user.id, image.ext);
    await this.images.store(key, image);
    let replaced: string | null = null;
    try {
      const command = { user_id: user.id, key, mimetype: image.mimetype };
      const { events } = await this.commands.execute(profileStreamIds.profile(user.id),
        kind === 'avatar' ? { type: 'ChangeAvatar', ...command } : { type: 'ChangeBanner', ...command });
      replaced = (events[0]!.data as (AvatarChanged | BannerChanged)['data']).previous_key;
    } catch (error) {
      await this.images.remove(key);
      throw error;
    }
    await this.images.remove(replaced);
    return this.images.urlOf(key, image.mimetype);
  }
}
