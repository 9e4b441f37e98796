import pino, { type Logger } from 'pino';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'res.headers["x-new-access-token"]',
  '*.password',
  '*.verify_password',
  '*.password_hash',
  '*.token',
  '*.recovery_token',
  '*.verification_token',
];

export function createLogger(level = 'info', name = 'stardeck'): Logger {
  return pino({ name, level, redact: { paths: REDACT, censor: '[redacted]' } });
}

export type { Logger };
