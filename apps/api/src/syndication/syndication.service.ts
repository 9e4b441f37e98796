import { Injectable } from '@nestjs/common';
import {
  FEED_ITEMS, SYNDICATION_MSG, TRACK_MSG, embedSize, trackOfPageUrl, type OEmbedQueryDto, type TrackRenditions, type TrackView,
} from '@stardeck/contracts';
import type { Db, ObjectStorage, StardeckConfig } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { trackVisibility } from '../common/visibility';
import { ImageService } from '../images';
import { InjectConfig, InjectDatabase, InjectStorage } from '../platform/tokens';
import { MembersRepository } from '../profiles';
import { TracksRepository, TracksService } from '../tracks';
import { buildFeedXml, type FeedItem } from './feed-xml';
import { SyndicationRepository } from './syndication.repository';

/** Long enough to play a track through and seek back; a feed or embed asks again for each play. */
export function audioUrlSeconds(durationSeconds: number | null): number {
  return 600 + Math.ceil(2 * (durationSeconds ?? 0));
}

export interface OEmbedAnswer {
  version: '1.0';
  type: 'rich';
  provider_name: string;
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  thumbnail_url: string;
}

export interface EmbeddedTrack {
  track: TrackView;
  pageUrl: string;
  authorUrl: string;
}

/**
 * A member's public tracks for people who never sign in: the RSS feed, the oEmbed answer and the
 * embedded player. Only what is listed to a visitor (public and ready) is ever syndicated; any
 * other track answers exactly like a missing one.
 */
@Injectable()
export class SyndicationService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectConfig() private readonly config: StardeckConfig,
    @InjectStorage() private readonly storage: ObjectStorage,
    private readonly members: MembersRepository,
    private readonly tracks: TracksRepository,
    private readonly trackViews: TracksService,
    private readonly images: ImageService,
    private readonly repository: SyndicationRepository,
  ) {}

  /** Signed URLs of local storage are relative to the site; a feed reader needs them whole. */
  absolute(url: string): string {
    return url.startsWith('/') ? `${this.config.publicUrl}${url}` : url;
  }

  private pageOf(username: string, trackId?: number): string {
    const user = `${this.config.publicUrl}/${encodeURIComponent(username)}`;
    return trackId === undefined ? user : `${user}/tracks/${trackId}`;
  }

  async feed(username: string): Promise<string> {
    const member = await this.members.findByUsername(this.db, username);
    if (!member) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    const { tracks } = await this.trackViews.list({ username: member.username, limit: FEED_ITEMS, offset: 0, sort_key: 'created', sort_dir: 'desc' }, null);
    const renditions = await this.repository.standardRenditions(this.db, tracks.map((t) => t.id));
    const avatar = member.avatar_key ? this.absolute(await this.images.urlOf(member.avatar_key, member.avatar_mimetype)) : null;
    const items: FeedItem[] = tracks.flatMap((track) => {
      const audio = renditions.get(track.id);
      if (!audio) return [];
      return [{
        title: track.title,
        description: track.description,
        pageUrl: this.pageOf(member.username, track.id),
        audioUrl: `${this.config.publicUrl}/v1/tracks/${track.id}/audio`,
        audioBytes: audio.size,
        audioType: audio.mimetype,
        durationSeconds: track.duration_seconds,
        published: new Date(track.created),
        artworkUrl: this.absolute(track.artwork),
        tags: track.tags.map((tag) => tag.name),
      }];
    });
    const name = member.display_name?.trim() || member.username;
    const channel = { name, bio: member.bio, avatarUrl: avatar, pageUrl: this.pageOf(member.username), feedUrl: `${this.pageOf(member.username)}/feed.xml` };
    return buildFeedXml(channel, items, new Date());
  }

  /** A public track for the embedded player and oEmbed; anything else is missing. */
  async embeddable(trackId: number): Promise<EmbeddedTrack> {
    const row = Number.isSafeInteger(trackId) && trackId > 0 ? await this.tracks.findRow(this.db, trackId) : undefined;
    if (!row || !trackVisibility.canList(row, null)) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const track = await this.trackViews.get(trackId, null);
    return { track, pageUrl: this.pageOf(track.username, track.id), authorUrl: this.pageOf(track.username) };
  }

  async oembed(query: OEmbedQueryDto): Promise<OEmbedAnswer> {
    if (query.format === 'xml') throw new ApiError(501, 'Not Implemented', SYNDICATION_MSG.xmlUnsupported);
    const named = trackOfPageUrl(query.url);
    if (!named) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const { track, authorUrl } = await this.embeddable(named.trackId);
    // The URL must name the track's own owner: /{someone else}/tracks/{id} is not a page of this site.
    if (track.username.toLowerCase() !== named.username.toLowerCase()) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const { width, height } = embedSize(query.maxwidth, query.maxheight);
    const src = `${this.config.publicUrl}/embed/tracks/${track.id}`;
    const author = track.display_name?.trim() || track.username;
    return {
      version: '1.0',
      type: 'rich',
      provider_name: 'stardeck',
      provider_url: this.config.publicUrl,
      title: track.title,
      author_name: author,
      author_url: authorUrl,
      // The consumer inserts this markup as is: only our own URL and numbers go into it.
      html: `<iframe src="${src}" width="${width}" height="${height}" frameborder="0" allow="autoplay" title="stardeck player"></iframe>`,
      width,
      height,
      thumbnail_url: this.absolute(track.artwork),
    };
  }

  /** Where a visitor's player fetches a public track's standard audio: a freshly signed URL. */
  async audioUrl(trackId: number): Promise<string> {
    const row = Number.isSafeInteger(trackId) && trackId > 0 ? await this.tracks.findRow(this.db, trackId) : undefined;
    if (!row || !trackVisibility.canList(row, null)) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const standard = (row.renditions as unknown as TrackRenditions | null)?.standard;
    if (!standard) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    return this.storage.signDownload(standard.key, { expiresInSeconds: audioUrlSeconds(row.duration), contentType: standard.mimetype });
  }
}
