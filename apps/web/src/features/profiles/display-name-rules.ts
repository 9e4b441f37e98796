import { LIMITS, PROFILE_MSG } from '@stardeck/contracts/browser';

/** Spec §5: a display name is required once trimmed, and at most 32 characters. */
export function displayNameError(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return PROFILE_MSG.displayNameRequired;
  if (trimmed.length > LIMITS.displayNameMax) return PROFILE_MSG.displayNameTooLong;
  return null;
}
