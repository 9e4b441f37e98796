/** Account form rules shared by the browser and the server (no validation library here). */
/** The spec's "simple address pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVITE_KEY_PATTERN = /^[0-9a-f]{12}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Normalises a user-entered URL the way the form does: https:// is assumed when no scheme is given. */
export function normaliseUrl(raw: string): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.toString();
  } catch {
    return null;
  }
}
