import { TAG_NAME_MAX, TRACK_MSG, type TagView } from '@stardeck/contracts/browser';

/** Spec §5: the tag picker allows 10 unless told otherwise; uploads and edits pass 5. */
export const TAG_PICKER_DEFAULT_MAX = 10;

export const tooManyTags = (max: number) => `Maximum ${max} tags allowed`;

/**
 * Adds a tag by the rules of spec §5: trimmed, at most 32 characters, a case-insensitive
 * duplicate ignored (the list stays as it was), no more than `max`.
 */
export function addTag(tags: readonly string[], raw: string, max: number = TAG_PICKER_DEFAULT_MAX): { tags: string[] } | { error: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return { tags: [...tags] };
  if (name.length > TAG_NAME_MAX) return { error: TRACK_MSG.tagTooLong };
  if (tags.some((tag) => tag.toLowerCase() === name.toLowerCase())) return { tags: [...tags] };
  if (tags.length >= max) return { error: tooManyTags(max) };
  return { tags: [...tags, name] };
}

/** A new-tag option only when nothing suggested, or chosen, already has that name. */
export function offersNewTag(query: string, suggestions: readonly Pick<TagView, 'name'>[], chosen: readonly string[]): boolean {
  const name = query.trim().toLowerCase();
  if (!name || name.length > TAG_NAME_MAX) return false;
  return !suggestions.some((tag) => tag.name.toLowerCase() === name) && !chosen.some((tag) => tag.toLowerCase() === name);
}
