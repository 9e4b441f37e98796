import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX, SOCIAL_MSG } from '@stardeck/contracts/browser';

/** Spec §5: a collection name is required once trimmed; the API's length limit is told before sending. */
export function collectionNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return SOCIAL_MSG.collectionNameRequired;
  if (trimmed.length > COLLECTION_NAME_MAX) return SOCIAL_MSG.collectionNameTooLong;
  return null;
}

export function collectionDescriptionError(description: string): string | null {
  return description.trim().length > COLLECTION_DESCRIPTION_MAX ? SOCIAL_MSG.collectionDescriptionTooLong : null;
}
