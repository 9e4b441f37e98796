import { createHash, timingSafeEqual } from 'node:crypto';
import type { StardeckConfig } from '@stardeck/infra';

/** What /metrics answers a request: the metrics, 401 (a token is configured, and this is not it), or 404 (not served to it). */
export type MetricsAccess = 'allow' | 'unauthorized' | 'hidden';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * /metrics shows what happens on the site (sign-ups, access requests), so it is not public. With
 * METRICS_TOKEN it answers only that bearer token. Without one, the services configuration does
 * not serve it at all, and the embedded one only to this machine (the client address, which
 * TRUST_PROXY makes the one a proxy forwarded).
 */
export function metricsAccess(config: Pick<StardeckConfig, 'metricsToken' | 'mode'>, authorization: string | undefined, ip: string): MetricsAccess {
  if (config.metricsToken) {
    const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    // Compared as digests: equal lengths, so the comparison takes the same time whatever was sent.
    return given && timingSafeEqual(digest(given), digest(config.metricsToken)) ? 'allow' : 'unauthorized';
  }
  return config.mode === 'embedded' && isLoopback(ip) ? 'allow' : 'hidden';
}
