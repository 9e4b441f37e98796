/** Business constants of spec §9 that both the server and the web client rely on. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 32,
  usernameMax: 32,
  emailMax: 128,
  displayNameMax: 32,
  inviteKeyLength: 12,
  accessRequestMessageMax: 1000,
  syncCacheMs: 30_000,
} as const;

export const TIER_SLUGS = ['free', 'core', 'premium', 'admin'] as const;
export type TierSlug = (typeof TIER_SLUGS)[number];
/** The tiers a member can be moved to; the admin tier comes with the admin role, never on its own. */
export const MEMBER_TIERS = ['free', 'core', 'premium'] as const satisfies readonly TierSlug[];
export type MemberTier = (typeof MEMBER_TIERS)[number];

export interface TierDefinition {
  slug: TierSlug;
  storageMb: number;
  invites: number;
  /** Tracks a member may create in any hour: each one queues work for the shared transcoders. */
  uploadsPerHour: number;
  /** Minutes of audio a member's tracks may add in any 24 hours: transcoding costs by duration, not bytes. */
  audioMinutesPerDay: number;
  features: {
    infinite_mode: boolean;
    high_quality: boolean;
    lossless: boolean;
    albums: boolean;
    video_upload: boolean;
  };
}

export const TIERS: Record<TierSlug, TierDefinition> = {
  free: {
    slug: 'free',
    storageMb: 1024,
    invites: 2,
    uploadsPerHour: 20,
    audioMinutesPerDay: 120,
    features: { infinite_mode: false, high_quality: false, lossless: false, albums: false, video_upload: false },
  },
  core: {
    slug: 'core',
    storageMb: 65536,
    invites: 4,
    uploadsPerHour: 60,
    audioMinutesPerDay: 600,
    features: { infinite_mode: false, high_quality: true, lossless: false, albums: true, video_upload: false },
  },
  premium: {
    slug: 'premium',
    storageMb: 262144,
    invites: 6,
    uploadsPerHour: 200,
    audioMinutesPerDay: 1440,
    features: { infinite_mode: true, high_quality: true, lossless: true, albums: true, video_upload: true },
  },
  // The spec gives admins every feature; their storage follows premium. Their own invites are
  // not capped by the tier but by a setting, unlimited by default (inviteLimitOf).
  admin: {
    slug: 'admin',
    storageMb: 262144,
    invites: 6,
    uploadsPerHour: 200,
    audioMinutesPerDay: 1440,
    features: { infinite_mode: true, high_quality: true, lossless: true, albums: true, video_upload: true },
  },
};

/**
 * How many invites an account may hold (used plus unused); null for no limit. Admins run the
 * community: their cap is the site's setting, `adminLimit`, unlimited when null.
 */
export function inviteLimitOf(account: { role: string; tier: string }, adminLimit: number | null): number | null {
  return account.role === 'admin' ? adminLimit : tierOfAccount(account).invites;
}

/** The tier that applies to an account: the admin role always gets the admin tier, an unknown slug the free one. */
export function tierOfAccount(account: { role: string; tier: string }): TierDefinition {
  if (account.role === 'admin') return TIERS.admin;
  return TIERS[account.tier as TierSlug] ?? TIERS.free;
}

export const STREAMING_QUALITIES = ['standard', 'high', 'flac'] as const;
export type StreamingQuality = (typeof STREAMING_QUALITIES)[number];

export interface UserConfig {
  streaming_quality: StreamingQuality;
  default_profile_view: string;
  pinned_track_id: number | string | null;
  motd: string | null;
  show_profile_stats: boolean;
  show_storage_usage: boolean;
  share_listening_history: boolean;
  allow_recommendations: boolean;
}

export const DEFAULT_USER_CONFIG: UserConfig = {
  streaming_quality: 'standard',
  default_profile_view: 'audio',
  pinned_track_id: null,
  motd: null,
  show_profile_stats: true,
  show_storage_usage: true,
  share_listening_history: true,
  allow_recommendations: true,
};

/**
 * Usernames become first-level routes (/{username}), so names that collide with the app's own
 * routes cannot be registered.
 */
export const RESERVED_USERNAMES = [
  'admin', 'api', 'discover', 'docs', 'explore', 'health', 'invite', 'logout', 'membership',
  'messages', 'metrics', 'news', 'notifications', 'ready', 'reset-password', 'sonar', 'stream',
  'subscription_success', 'v1', 'verify-account', 'checkout-simulator', 'billing-simulator',
  'listen', 'embed', 'oembed', 'confirm-email',
] as const;

/** Spec §5/§9 audio upload rules. */
export const AUDIO_EXTENSIONS = ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a'] as const;
export type AudioExtension = (typeof AUDIO_EXTENSIONS)[number];
export const MAX_AUDIO_BYTES = 256 * 1024 * 1024;
export const PREFLIGHT_CHUNK_BYTES = 4096;
export const LOSSLESS_EXTENSIONS: readonly AudioExtension[] = ['wav', 'flac'];
/**
 * Spec §6 "video upload premium": the containers a premium (or admin) member may upload, sniffed
 * from the bytes as audio is and within the same size limit. An M4A stays audio whatever its name.
 */
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', 'mkv'] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];
/** Every name an upload may have, and every format a track's bytes may be sniffed as. */
export const UPLOAD_EXTENSIONS = [...AUDIO_EXTENSIONS, ...VIDEO_EXTENSIONS] as const;
export type UploadFormat = AudioExtension | VideoExtension;
/** The video rendition's height at most: enough for a track page, a fraction of the source's bytes. */
export const VIDEO_MAX_HEIGHT = 720;
/** Wider or taller frames are refused before anything is decoded (a frame's memory grows with its pixels). */
export const VIDEO_MAX_FRAME_SIDE = 4096;
export const ARTWORK_MAX_BYTES = 1024 * 1024;
export const ARTWORK_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
export const TAGS_PER_TRACK = 5;
export const TAG_NAME_MAX = 32;
export const INFINITE_LIMIT_MAX = 50;
export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_DESCRIPTION_MAX = 5000;
export const COMMENT_TEXT_MAX = 2000;

/**
 * Ceilings and rates on what one member can make that others see or that costs the server per
 * item. Counts are enforced in the same transaction as the write; rates are counted before the
 * write, in the shared throttle table, so parallel requests cannot outrun them.
 */
export const MEMBER_CEILINGS = {
  /** Collections one member may own at once. */
  collections: 1000,
  /** Albums one member may own at once. */
  albums: 1000,
  /** Albums one member may make per window: each new public one tells all their subscribers. */
  albumReleases: { limit: 20, windowSeconds: 3600 },
  /** Comments and replies one member may post per window, across every track. */
  comments: { limit: 20, windowSeconds: 60 },
  /** Open live-channel sockets (notifications) per member, and open chat sockets per member. */
  socketsPerMember: 10,
} as const;

/** Page sizes of spec §9: what a list returns when the request names no limit. */
export const PAGE_SIZES = {
  library: 20,
  recentSaved: 3,
  loadAll: 10000,
  collectionTracks: 20,
  collectionTracksInitial: 1000,
  trackCollections: 5,
  savedBy: 5,
  users: 10,
  tracks: 20,
  collections: 12,
  stream: 10,
  notifications: 20,
  conversations: 20,
  messagesLoad: 1000,
  messagesPoll: 50,
  listeningHistory: 10,
  news: 20,
  subscribers: 20,
  comments: 1000,
  /** Spec §9: the comment store's page, used by a member's list of comments. */
  commentPage: 20,
  tags: 20,
  admin: 20,
} as const;

/** Page-size choices offered in lists (spec §9). */
export const PAGE_SIZE_CHOICES = [5, 10, 20, 50] as const;
