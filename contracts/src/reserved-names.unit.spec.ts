import { describe, expect, it } from 'vitest';
import { displayNameError, PROFILE_MSG } from './profile-rules';
import { isReservedUsername, isStaffName } from './reserved-names';

describe('reserved names', () => {
  it('refuses names that read as the system or the staff, in any dress', () => {
    for (const name of ['system', 'SYSTEM', 'Admin', 'stardeck', 'Moderator', 'm o d e r a t o r', 'adm1n', '5ystem', 'ѕуѕtеm', 'ｓｙｓｔｅｍ', 'Stárdeck', 'stardeck_team', 'adm!n', 'admin bot', '[system]']) {
      expect(isStaffName(name), name).toBe(true);
      expect(displayNameError(name), name).toBe(PROFILE_MSG.displayNameReserved);
    }
  });

  it('lets through names that only contain such a word', () => {
    for (const name of ['Badminton', 'systematic', 'Modern Sound', 'Nova', 'Stardecker Fan Club']) {
      expect(isStaffName(name), name).toBe(false);
      expect(displayNameError(name), name).toBeNull();
    }
  });

  it('is the same rule for usernames, beside the app routes', () => {
    expect(isReservedUsername('system')).toBe(true);
    expect(isReservedUsername('moderator')).toBe(true);
    expect(isReservedUsername('discover')).toBe(true);
    expect(isReservedUsername('vega')).toBe(false);
  });
});
