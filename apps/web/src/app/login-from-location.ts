import type { LoginModalProps } from '../lib/modals/registry';
import { safeRedirectPath } from './route-access';

/**
 * What the login modal opens with on this URL: the mailed links (/invite?q=, /reset-password?token=,
 * /verify-account?token=) open their modes; a required route's redirect query asks to log in first.
 */
export function loginFromLocation(pathname: string, search: string, state: unknown): LoginModalProps | null {
  const query = new URLSearchParams(search);
  const token = query.get('token') ?? undefined;
  if (pathname === '/invite') return { inviteToken: query.get('q') ?? undefined };
  if (pathname === '/reset-password') return { resetToken: token };
  if (pathname === '/verify-account') return { verificationToken: token };
  const redirectTo = safeRedirectPath(query.get('redirect'));
  if (redirectTo) return { redirectTo };
  if ((state as { openLogin?: boolean } | null)?.openLogin) return {};
  return null;
}
