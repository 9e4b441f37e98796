import { Injectable } from '@nestjs/common';
import {
  FEED_ITEMS, SYNDICATION_MSG, TRACK_MSG, embedCode, embedSize, listenPath, trackOfPageUrl, type OEmbedQueryDto, type TrackRenditions, type TrackView, type OEmbedAnswer,
} from '@stardeck/contracts';
import type { Db, ObjectStorage, StardeckConfig } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { trackVisibility } from '../common/visibility';
import { ImageService } from '../images';
import { InjectConfig, InjectDatabase, InjectStorage } from '../platform/tokens';
import { MembersRepository } from '../profiles';
import { TracksRepository, TracksService } from '../tracks';
import { buildFeedXml, type FeedItem } from './feed-xml';
import { renderListenHead } from './listen-head';
import { SyndicationRepository } from './syndication.repository';

/** Long enough to play a track through and seek back; a feed or embed asks again for each play. */
export function audioUrlSeconds(durationSeconds: number | null): number {
  return 600 + Math.ceil(2 * (durationSeconds ?? 0));
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

  /** A member's page, or a track's listen page: what a visitor who follows the link can open. */
  private pageOf(username: string, trackId?: number): string {
    return trackId === undefined ? `${this.config.publicUrl}/${encodeURIComponent(username)}` : `${this.config.publicUrl}${listenPath(username, trackId)}`;
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

  /** A track its link opens (public or unlisted) for the embedded player and oEmbed; anything else is missing. */
  async embeddable(trackId: number): Promise<EmbeddedTrack> {
    const row = Number.isSafeInteger(trackId) && trackId > 0 ? await this.tracks.findRow(this.db, trackId) : undefined;
    if (!row || !trackVisibility.canOpenByLink(row)) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const track = await this.trackViews.get(trackId, null);
    return { track, pageUrl: this.pageOf(track.username, track.id), authorUrl: this.pageOf(track.username) };
  }

  /**
   * The link-preview tags of a listen page, or null when its link opens nothing (a private,
   * missing or unready track, or a URL naming someone else as its owner): the shell is then
   * served bare and the page says the track is missing.
   */
  async listenHead(username: string, trackId: number): Promise<string | null> {
    let embedded: EmbeddedTrack;
    try {
      embedded = await this.embeddable(trackId);
    } catch {
      return null;
    }
    const { track } = embedded;
    if (track.username.toLowerCase() !== username.toLowerCase()) return null;
    const pageUrl = this.pageOf(track.username, track.id);
    return renderListenHead({
      track,
      pageUrl,
      artworkUrl: this.absolute(track.artwork),
      embedUrl: `${this.config.publicUrl}/embed/tracks/${track.id}`,
      oembedUrl: `${this.config.publicUrl}/oembed?${new URLSearchParams({ url: pageUrl, format: 'json' })}`,
    });
  }

  async oembed(query: OEmbedQueryDto): Promise<OEmbedAnswer> {
    if (query.format === 'xml') throw new ApiError(501, 'Not Implemented', SYNDICATION_MSG.xmlUnsupported);
    const named = trackOfPageUrl(query.url);
    if (!named) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const { track, authorUrl } = await this.embeddable(named.trackId);
    // The URL must name the track's own owner: /{someone else}/tracks/{id} is not a page of this site.
    if (track.username.toLowerCase() !== named.username.toLowerCase()) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const size = embedSize(query.maxwidth, query.maxheight);
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
      html: embedCode(this.config.publicUrl, track.id, size),
      width: size.width,
      height: size.height,
      thumbnail_url: this.absolute(track.artwork),
    };
  }

  /** Where a visitor's player fetches the standard audio of a track its link opens: a freshly signed URL. */
  async audioUrl(trackId: number): Promise<string> {
    const row = Number.isSafeInteger(trackId) && trackId > 0 ? await this.tracks.findRow(this.db, trackId) : undefined;
    if (!row || !trackVisibility.canOpenByLink(row)) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    const standard = (row.renditions as unknown as TrackRenditions | null)?.standard;
    if (!standard) throw ApiError.notFound(SYNDICATION_MSG.notEmbeddable, 'Track');
    return this.storage.signDownload(standard.key, { expiresInSeconds: audioUrlSeconds(row.duration), contentType: standard.mimetype });
  }
}
