import pino, { type Logger } from 'pino';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'res.headers["x-new-access-token"]',
  '*.password',
  '*.verify_password',
  '*.password_hash',
  '*.token',
  '*.recovery_token',
  '*.verification_token',
  '*.secretKey',
  '*.webhookSecret',
];

const CENSOR = '[redacted]';

/**
 * Query parameters that carry a credential: one-time tokens and invite keys in mailed links, the
 * signature of a local storage URL, the checkout simulator's session, and the signature and credentials of an S3 presigned URL.
 */
const SECRET_PARAMS = ['token', 'q', 'key', 'session', 'sig', 'signature', 'x-amz-signature', 'x-amz-credential', 'x-amz-security-token'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');
const INVITE_PATH = /(\/validate_invite\/)[^/?#\s"'<>]+/g;

/** Hides invite keys in paths and credentials in query strings, wherever a URL appears in the text. */
export function redactUrl(text: string): string {
  return text.replace(INVITE_PATH, `$1${CENSOR}`).replace(SECRET_QUERY, `$1${CENSOR}`);
}

const MAX_DEPTH = 6;

/**
 * Applies redactUrl to every string of a plain logged object (links, URLs, messages), so a signed
 * URL is hidden whichever field or call site logs it. Framework objects (requests, replies) are
 * left to their serializers. Copies only what changes; the caller's object is never modified.
 */
function redactStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactStrings(item, depth + 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    const redacted = redactStrings(field, depth + 1);
    if (redacted !== field) (copy ??= { ...(value as Record<string, unknown>) })[key] = redacted;
  }
  return copy ?? value;
}

const redactObject = (object: Record<string, unknown>) => redactStrings(object) as Record<string, unknown>;

export type LogDestination = pino.DestinationStream;

export function createLogger(level = 'info', name = 'stardeck', destination?: LogDestination): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACT, censor: CENSOR },
    formatters: { log: redactObject },
    hooks: {
      logMethod(args, method) {
        // The message text itself (Fastify's and Nest's lines name URLs too).
        return method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactUrl(arg) : arg)) as Parameters<typeof method>);
      },
    },
    serializers: {
      req: (req: { method?: string; url?: string; id?: unknown; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url ? redactUrl(req.url) : req.url,
        remoteAddress: req.ip,
      }),
      err: (error: Error) => {
        const serialized = pino.stdSerializers.err(error);
        // A failed request's message and stack often quote the URL it was sent to.
        if (serialized && typeof serialized === 'object') {
          if (typeof serialized.message === 'string') serialized.message = redactUrl(serialized.message);
          if (typeof serialized.stack === 'string') serialized.stack = redactUrl(serialized.stack);
        }
        return serialized;
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
