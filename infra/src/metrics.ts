import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per process; every module registers its instruments here. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'stardeck_' });

export const eventsAppended = new Counter({
  name: 'stardeck_events_appended_total',
  help: 'Domain events appended to the log',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});

export const appendConflicts = new Counter({
  name: 'stardeck_event_append_conflicts_total',
  help: 'Appends refused because the stream version was stale',
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'stardeck_http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const relayPublished = new Counter({
  name: 'stardeck_relay_published_total',
  help: 'Events the relay published to the bus',
  registers: [metricsRegistry],
});

export const relayLagEvents = new Gauge({
  name: 'stardeck_relay_lag_events',
  help: 'Committed events not yet published by the relay (as seen by the active relay)',
  registers: [metricsRegistry],
});

export const projectorLagEvents = new Gauge({
  name: 'stardeck_projector_lag_events',
  help: 'Events a projection has not applied yet',
  labelNames: ['projection'] as const,
  registers: [metricsRegistry],
});
