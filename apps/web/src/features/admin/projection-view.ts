import type { ProjectionStatusView } from '@stardeck/contracts/browser';

/** What the console shows for a figure the server does not report (yet). */
export const MISSING = '—';

/** The projection furthest behind: by seconds when known, else by events; none when all caught up. */
export function worstProjection(projections: readonly ProjectionStatusView[]): ProjectionStatusView | null {
  let worst: ProjectionStatusView | null = null;
  for (const p of projections) {
    if (p.lag <= 0 && !(p.lag_seconds && p.lag_seconds > 0)) continue;
    if (!worst || (p.lag_seconds ?? 0) > (worst.lag_seconds ?? 0) || ((p.lag_seconds ?? 0) === (worst.lag_seconds ?? 0) && p.lag > worst.lag)) worst = p;
  }
  return worst;
}

/** A count of seconds as a person reads it: 42 s, 3 min 05 s, 2 h 10 min. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return MISSING;
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

export function kindLabel(p: ProjectionStatusView): string {
  if (!p.kind) return MISSING;
  return p.outbox ? `${p.kind} outbox` : p.kind;
}

/** A rebuild's figures: percent done, and rate and ETA when the server gives them. */
export function rebuildFigures(rebuild: NonNullable<ProjectionStatusView['rebuild']>): { percent: number; rate: string; eta: string } {
  const percent = rebuild.total > 0 ? Math.min(100, Math.floor((rebuild.done / rebuild.total) * 100)) : rebuild.done > 0 ? 100 : 0;
  return {
    percent,
    rate: rebuild.rate === undefined ? MISSING : `${Math.round(rebuild.rate).toLocaleString('en-US')} events/s`,
    eta: duration(rebuild.eta_seconds),
  };
}
