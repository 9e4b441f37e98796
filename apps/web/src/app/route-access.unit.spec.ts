import { describe, expect, it } from 'vitest';
import { loginFromLocation } from './login-from-location';
import { accessRedirect, safeRedirectPath } from './route-access';
import { documentTitle } from './titles';

const at = (path: string) => new URL(path, 'http://stardeck.test');

describe('route access (spec §2)', () => {
  it('sends a visitor away from a required route to / with the wanted path', () => {
    expect(accessRedirect('required', false, at('/nova/library?page=2'))).toBe('/?redirect=%2Fnova%2Flibrary%3Fpage%3D2');
    expect(accessRedirect('required', true, at('/discover'))).toBeNull();
  });

  it('sends a member away from a forbidden route to /discover', () => {
    expect(accessRedirect('forbidden', true, at('/invite?q=0123456789ab'))).toBe('/discover');
    expect(accessRedirect('forbidden', false, at('/invite?q=0123456789ab'))).toBeNull();
  });

  it('lets everyone through a public route', () => {
    expect(accessRedirect('public', false, at('/explore/tags'))).toBeNull();
    expect(accessRedirect('public', true, at('/explore/tags'))).toBeNull();
  });

  it('follows a redirect query only to a path of this site', () => {
    expect(safeRedirectPath('/nova/library')).toBe('/nova/library');
    expect(safeRedirectPath('//evil.example/x')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});

describe('mailed links open their login mode', () => {
  it.each([
    ['/invite', '?q=0123456789ab', { inviteToken: '0123456789ab' }],
    ['/reset-password', '?token=r3set', { resetToken: 'r3set' }],
    ['/verify-account', '?token=v3rify', { verificationToken: 'v3rify' }],
    ['/', '?redirect=%2Fdiscover', { redirectTo: '/discover' }],
    ['/', '?redirect=%2F%2Fevil.example', null],
    ['/', '', null],
  ])('%s%s', (path, search, expected) => {
    expect(loginFromLocation(path, search, null)).toEqual(expected);
  });
});

describe('document titles (spec §2)', () => {
  it("reads '{title} | {site}', and '{username} · {title} | {site}' on user pages", () => {
    expect(documentTitle({ title: () => 'discover' }, {})).toBe('discover | stardeck');
    expect(documentTitle({ title: () => 'library', userPage: true }, { username: 'nova' })).toBe('nova · library | stardeck');
  });
});
