/** The credentials of the admin account made on a bare first start, shown to the operator once. */
export interface FirstAdminCredentials {
  email: string;
  password: string;
}

/**
 * The credentials as a framed block of plain text. `npm start` prints JSON log lines, and a
 * password among them was easy to miss; a box that breaks the pattern is not. The block goes to
 * stdout as it is, outside the logger, which would otherwise have to carry the password.
 */
export function adminCredentialsBox(credentials: FirstAdminCredentials, siteUrl: string): string {
  const rows = [
    'stardeck admin account created',
    '',
    `  open      ${siteUrl}`,
    `  email     ${credentials.email}`,
    `  password  ${credentials.password}`,
    '',
    'Shown this once. Sign in, then change the password:',
    '@admin > settings > change password or email.',
  ];
  const width = Math.max(...rows.map((row) => row.length));
  const line = '─'.repeat(width + 4);
  return ['', `┌${line}┐`, ...rows.map((row) => `│  ${row.padEnd(width)}  │`), `└${line}┘`, '', ''].join('\n');
}
