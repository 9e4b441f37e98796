import { describe, expect, it } from 'vitest';
import { CONTACT_MSG, PLAN_OFFERS, contactFailureText, contactMessageError } from './membership';
import { TIERS } from './limits';

describe('contact form rules', () => {
  it('checks the message after trim, 1 to 4096 characters', () => {
    expect(contactMessageError('   ')).toBe('Message cannot be empty');
    expect(contactMessageError(` ${'x'.repeat(4096)} `)).toBeNull();
    expect(contactMessageError('x'.repeat(4097))).toBe('Message cannot exceed 4096 characters');
  });

  it('answers each failed status with its spec §8 text', () => {
    expect(contactFailureText(401)).toBe('Your session has expired. Please log in again.');
    expect(contactFailureText(400, 'Message cannot be empty')).toBe('Message cannot be empty');
    expect(contactFailureText(400)).toBe('Invalid request. Please check your input.');
    expect(contactFailureText(429)).toBe('Too many requests. Please wait a moment and try again.');
    expect(contactFailureText(500)).toBe('Server error. Please try again later.');
    expect(contactFailureText(null)).toBe(CONTACT_MSG.failed);
    expect(contactFailureText(503)).toBe('Failed to send message. Please try again.');
  });
});

describe('plans', () => {
  it('offers the spec §9 plans with the limits the tiers enforce', () => {
    for (const offer of PLAN_OFFERS) {
      expect(offer.storageMb).toBe(TIERS[offer.slug].storageMb);
      expect(offer.invites).toBe(TIERS[offer.slug].invites);
    }
    expect(PLAN_OFFERS.map((o) => [o.slug, o.priceUsd])).toEqual([['free', 0], ['core', 10], ['premium', 20]]);
  });

  it('advertises on each plan only perks the product has and the plan unlocks', () => {
    // Each perk is a feature members can use today; video upload is not one yet, so no plan offers it.
    const FEATURE_OF: Record<string, keyof (typeof TIERS)['free']['features']> = { albums: 'albums', 'infinite mode': 'infinite_mode' };
    for (const plan of PLAN_OFFERS) {
      for (const perk of plan.perks) {
        expect(FEATURE_OF[perk], `${plan.slug}: ${perk}`).toBeDefined();
        expect(TIERS[plan.slug].features[FEATURE_OF[perk]!], `${plan.slug}: ${perk}`).toBe(true);
      }
    }
    expect(PLAN_OFFERS.map((plan) => [plan.slug, plan.perks])).toEqual([['free', []], ['core', ['albums']], ['premium', ['albums', 'infinite mode']]]);
  });
});
