import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  return { logger: createLogger('info', 'test', sink), output: () => lines.join('') };
}

const S3_URL = 'https://s3.example.com/bucket/tracks/1/high.mp3?X-Amz-Algorithm=AWS4-HMAC-SHA256'
  + '&X-Amz-Credential=AKIAEXAMPLE%2F20260101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20260101T000000Z'
  + '&X-Amz-Expires=300&X-Amz-Security-Token=SESSIONTOKEN&X-Amz-SignedHeaders=host&X-Amz-Signature=0badc0ffee';

describe('logging without secrets', () => {
  it('hides invite keys, one-time tokens and URL signatures in URLs', () => {
    expect(redactUrl('/v1/validate_invite/0123456789ab')).toBe('/v1/validate_invite/[redacted]');
    expect(redactUrl('/verify-account?token=abc&x=1')).toBe('/verify-account?token=[redacted]&x=1');
    expect(redactUrl('/invite?q=0123456789ab')).toBe('/invite?q=[redacted]');
    expect(redactUrl('/v1/storage/objects/tracks/1/high.mp3?expires=99&sig=c2lnbmF0dXJl'))
      .toBe('/v1/storage/objects/tracks/1/high.mp3?expires=99&sig=[redacted]');
    const s3 = redactUrl(S3_URL);
    for (const secret of ['AKIAEXAMPLE', 'SESSIONTOKEN', '0badc0ffee']) expect(s3).not.toContain(secret);
    expect(s3).toContain('X-Amz-Expires=300');
    expect(redactUrl('/v1/tracks?limit=5')).toBe('/v1/tracks?limit=5');
  });

  it('censors passwords and tokens in logged objects', () => {
    const { logger, output } = capturingLogger();
    logger.info({ body: { email: 'a@b.co', password: 'hunter22', token: 'secret-token' } }, 'login');
    logger.info({ req: { method: 'GET', url: '/v1/validate_invite/0123456789ab', headers: { authorization: 'Bearer abc.def' } } }, 'request');
    expect(output()).toContain('a@b.co');
    expect(output()).not.toContain('hunter22');
    expect(output()).not.toContain('secret-token');
    expect(output()).not.toContain('0123456789ab');
    expect(output()).not.toContain('abc.def');
  });

  it('hides signed URLs whichever field, message or error carries them', () => {
    const { logger, output } = capturingLogger();
    const logged = { link: 'http://x/reset-password?token=RESETTOKEN', nested: { urls: [S3_URL] } };
    logger.info(logged, 'mail kept');
    logger.child({ component: 'storage' }).info({ url: 'http://h/v1/storage/objects/a.mp3?sig=CHILDSIG' }, 'child line');
    logger.info('fetching http://h/v1/storage/objects/a.mp3?expires=1&sig=MESSAGESIG');
    logger.warn({ err: new Error('GET http://h/x?sig=ERRORSIG failed') }, 'request failed');
    for (const secret of ['RESETTOKEN', 'AKIAEXAMPLE', '0badc0ffee', 'CHILDSIG', 'MESSAGESIG', 'ERRORSIG']) expect(output()).not.toContain(secret);
    expect(output()).toContain('reset-password?token=[redacted]');
    expect(logged.link).toBe('http://x/reset-password?token=RESETTOKEN');
  });
});
