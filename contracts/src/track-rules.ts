import {
  AUDIO_EXTENSIONS, MAX_AUDIO_BYTES, TAGS_PER_TRACK, TAG_NAME_MAX, VIDEO_EXTENSIONS, type AudioExtension, type VideoExtension,
} from './limits';
import { TRACK_MSG, UPLOAD_ERROR_CODES, type UploadErrorCode } from './track-messages';

export interface UploadRuleError {
  code: UploadErrorCode;
  message: string;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function isAudioExtension(extension: string): extension is AudioExtension {
  return (AUDIO_EXTENSIONS as readonly string[]).includes(extension);
}

export function isVideoExtension(extension: string): extension is VideoExtension {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
}

/** What browsers call each video container, for one that gives a file no type (MKV, often). */
const VIDEO_TYPES: Record<VideoExtension, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', mkv: 'video/x-matroska' };

/** The type a file is declared as: the browser's, or for a video container it left untyped, the container's. */
export function declaredFileType(filename: string, browserType: string): string {
  const extension = extensionOf(filename);
  return browserType || (isVideoExtension(extension) ? VIDEO_TYPES[extension] : '');
}

/** A video container may be declared as video/* or, as some systems name MP4 and WebM, audio/*. */
const DECLARED_TYPE = { audio: /^audio\//i, video: /^(audio|video)\//i };

/**
 * The declared-file checks of spec §5, in the order the upload form runs them: extension, size,
 * type. The server repeats them at preflight and then checks the bytes themselves. Video
 * containers pass here; whether the member may upload video is decided once the bytes are sniffed.
 */
export function checkAudioDeclaration(file: { filename: string; filesize: number; filetype: string }): UploadRuleError | null {
  const extension = extensionOf(file.filename);
  if (!isAudioExtension(extension) && !isVideoExtension(extension)) {
    return { code: UPLOAD_ERROR_CODES.invalidExtension, message: TRACK_MSG.invalidExtension };
  }
  if (!Number.isSafeInteger(file.filesize) || file.filesize > MAX_AUDIO_BYTES) {
    return { code: UPLOAD_ERROR_CODES.fileTooLarge, message: TRACK_MSG.fileTooLarge };
  }
  if (file.filesize <= 0 || !DECLARED_TYPE[isVideoExtension(extension) ? 'video' : 'audio'].test(file.filetype)) {
    return { code: UPLOAD_ERROR_CODES.invalidMimeType, message: TRACK_MSG.invalidMimeType };
  }
  return null;
}

/** The title a track gets when none is typed: the filename without its extension, else 'Untitled Track'. */
export function defaultTrackTitle(filename: string | null | undefined): string {
  const name = (filename ?? '').trim();
  const dot = name.lastIndexOf('.');
  const base = (dot >= 0 ? name.slice(0, dot) : name).trim();
  return base || 'Untitled Track';
}

/** URL-safe slug of a title or tag name; never empty. */
export function slugify(text: string, fallback = 'track'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug || fallback;
}

export type TagInput = string | { name?: unknown };

/**
 * Spec §5 tag rules: names trimmed, empty ones dropped, case-insensitive duplicates ignored (the
 * first spelling wins), each at most 32 characters, at most 5 per track.
 */
export function normaliseTags(input: unknown): { tags: string[] } | { error: string } {
  if (input === undefined || input === null) return { tags: [] };
  if (!Array.isArray(input)) return { error: TRACK_MSG.tagsInvalid };
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of input as TagInput[]) {
    const raw = typeof item === 'string' ? item : typeof item === 'object' && item && typeof item.name === 'string' ? item.name : null;
    if (raw === null) return { error: TRACK_MSG.tagsInvalid };
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) continue;
    if (name.length > TAG_NAME_MAX) return { error: TRACK_MSG.tagTooLong };
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(name);
  }
  if (tags.length > TAGS_PER_TRACK) return { error: TRACK_MSG.tooManyTags };
  return { tags };
}

/** Duration as the spec shows it: m:ss, '0:00' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const TRACK_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const TRACK_SORT_KEYS = ['created', 'title', 'random', 'play_count'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
