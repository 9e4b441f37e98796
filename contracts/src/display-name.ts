/** Spec §3 display-name rule: prefer display_name when it differs from username, else username, else 'User'. */
export function displayName(user: { display_name?: string | null; username?: string | null } | null | undefined): string {
  if (!user) return 'User';
  if (user.display_name && user.display_name !== user.username) return user.display_name;
  return user.username || 'User';
}
