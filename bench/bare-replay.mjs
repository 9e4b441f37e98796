// The bare side of the read benchmarks: record the SELECTs an API request runs, then serve them
// from a plain Fastify + pg handler that replays exactly those queries for every request.
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const fastify = createRequire(require.resolve('@nestjs/platform-fastify'))('fastify');

/**
 * Records the queries pg runs during `work`, in waves: a query joins the current wave when no
 * query has finished since the wave began (they were sent side by side, as Promise.all sends
 * them); otherwise it waited for an answer and starts the next wave.
 */
export async function recordQueries(work) {
  const original = pg.Client.prototype.query;
  const waves = [];
  let answered = true;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config.text;
    const params = typeof config === 'string' ? values : config.values;
    // Reads of the read models only: the relay polling the log in the same process is not the
    // request's doing, and the once-a-minute last-seen write is not a per-request cost.
    const counted = text && /^\s*(select|with)\b/i.test(text) && !/from "events"/.test(text);
    if (counted) {
      if (answered) waves.push([]);
      answered = false;
      waves.at(-1).push({ text, params: Array.isArray(params) ? params : [] });
    }
    const result = original.call(this, config, values, callback);
    if (counted) void Promise.resolve(result).finally(() => { answered = true; }).catch(() => undefined);
    return result;
  };
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return waves;
}

/** A Fastify (the one the API runs on) answering each route by replaying its recorded query waves. */
export async function startBare(databaseUrl, routes) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = fastify({ logger: false });
  for (const { path, waves } of routes) {
    app.get(path, async () => {
      const results = [];
      for (const wave of waves) results.push(...(await Promise.all(wave.map((q) => pool.query(q.text, q.params)))).map((r) => r.rows));
      return { results };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${app.server.address().port}`, close: async () => { await app.close(); await pool.end(); } };
}
