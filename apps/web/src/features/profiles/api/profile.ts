import type { LinkInput, ProfileLink, UserConfig, UserProfile } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/users/{username}. */
export function getProfile(username: string, signal?: AbortSignal) {
  return apiCall<{ user: UserProfile }>(`/users/${encodeURIComponent(username)}`, { signal });
}

export type ProfileChange = { bio: string | null } | { display_name: string } | { config: Partial<UserConfig> };

/** PATCH /v1/manage/user {bio} or {display_name} or {config}; the answer's `me` updates the session. */
export function updateProfile(change: ProfileChange) {
  return apiCall<{ user: UserProfile }>('/manage/user', { method: 'PATCH', body: change });
}

/** PUT /v1/manage/links: the whole list. */
export function replaceLinks(links: LinkInput[]) {
  return apiCall<{ links: ProfileLink[] }>('/manage/links', { method: 'PUT', body: { links } });
}

/** POST /v1/manage/avatar or /banner, the file as the part of the same name (spec §5). */
export function uploadProfileImage(kind: 'avatar' | 'banner', file: File) {
  const form = new FormData();
  form.append(kind, file);
  return apiCall<Record<typeof kind, string>>(`/manage/${kind}`, { method: 'POST', form });
}
