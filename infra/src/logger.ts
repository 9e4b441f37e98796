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

/** Invite keys travel in the path and one-time tokens in query strings; neither belongs in a log. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/validate_invite\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&](?:token|q|key)=)[^&#]*/g, '$1[redacted]');
}

export function createLogger(level = 'info', name = 'stardeck', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string; id?: unknown; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
        remoteAddress: req.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
