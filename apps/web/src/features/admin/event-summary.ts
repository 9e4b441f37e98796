import type { InspectedEvent } from '@stardeck/contracts/browser';

/** Payload fields that say best what an event was about, in the order they are tried. */
const TELLING = ['title', 'name', 'username', 'tier', 'status', 'reason', 'email', 'contact_type', 'visibility', 'text', 'content', 'message', 'bio', 'display_name', 'quality'];
const IDS = /(_id|_key|^key)$/;
const MAX = 90;

/** One short value: strings quoted and cut, objects and lists by their size. */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') return '{…}';
  return String(value);
}

/**
 * The one line the event list shows for an event: its telling fields first, then the ids it
 * names, as `key=value` pairs, cut to fit. Rendered as text, never as markup.
 */
export function eventSummary(event: Pick<InspectedEvent, 'data'>): string {
  const entries = Object.entries(event.data);
  const telling = TELLING.flatMap((key) => (key in event.data ? [[key, event.data[key]] as const] : []));
  const ids = entries.filter(([key]) => IDS.test(key) && !TELLING.includes(key));
  const rest = entries.filter(([key]) => !IDS.test(key) && !TELLING.includes(key));
  const line = [...telling, ...ids, ...rest].map(([key, value]) => `${key}=${shown(value)}`).join(' ');
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

/** Who did it: the username when the actor is a member, else the actor as recorded ('system', 'anonymous'). */
export function actorLabel(event: Pick<InspectedEvent, 'metadata' | 'actor_username'>): string {
  if (event.actor_username) return `@${event.actor_username}`;
  return typeof event.metadata.actor === 'string' ? event.metadata.actor : '—';
}
