import { REDACTED, type EventSchema } from './types';

export type EventSchemas = Readonly<Record<string, EventSchema>>;

/**
 * The payload as everyone but the write side sees it: each field the type's schema marks secret
 * holds REDACTED instead of its value. Fields the payload lacks stay absent, so a redacted payload
 * never claims a secret that was not there.
 */
export function redactPayload(schemas: EventSchemas, type: string, data: Record<string, unknown>): Record<string, unknown> {
  const secret = schemas[type]?.secret ?? [];
  if (!secret.some((field) => field in data)) return data;
  const redacted = { ...data };
  for (const field of secret) if (field in redacted) redacted[field] = REDACTED;
  return redacted;
}
