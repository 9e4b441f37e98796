/** An event's time to the second, in UTC as the log records it: 2026-11-28 05:12:09. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toISOString().replace('T', ' ').slice(0, 19);
}
