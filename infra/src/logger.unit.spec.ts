import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

describe('logging without secrets', () => {
  it('hides invite keys and one-time tokens in request URLs', () => {
    expect(redactUrl('/v1/validate_invite/0123456789ab')).toBe('/v1/validate_invite/[redacted]');
    expect(redactUrl('/verify-account?token=abc&x=1')).toBe('/verify-account?token=[redacted]&x=1');
    expect(redactUrl('/invite?q=0123456789ab')).toBe('/invite?q=[redacted]');
    expect(redactUrl('/v1/tracks?limit=5')).toBe('/v1/tracks?limit=5');
  });

  it('censors passwords and tokens in logged objects', () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const logger = createLogger('info', 'test', sink);
    logger.info({ body: { email: 'a@b.co', password: 'hunter22', token: 'secret-token' } }, 'login');
    logger.info({ req: { method: 'GET', url: '/v1/validate_invite/0123456789ab', headers: { authorization: 'Bearer abc.def' } } }, 'request');
    const output = lines.join('');
    expect(output).toContain('a@b.co');
    expect(output).not.toContain('hunter22');
    expect(output).not.toContain('secret-token');
    expect(output).not.toContain('0123456789ab');
    expect(output).not.toContain('abc.def');
  });
});
