import { AUDIO_EXTENSIONS, TAGS_PER_TRACK, TAG_NAME_MAX } from './limits';

/** Upload error codes of spec §8, sent as `error_code` beside msg so the client can branch on them. */
export const UPLOAD_ERROR_CODES = {
  fileTooLarge: 'FILE_TOO_LARGE',
  invalidExtension: 'INVALID_EXTENSION',
  invalidMimeType: 'INVALID_MIME_TYPE',
  quotaExceeded: 'STORAGE_QUOTA_EXCEEDED',
  preflightFailed: 'PREFLIGHT_FAILED',
  uploadFailed: 'UPLOAD_FAILED',
  uploadMismatch: 'UPLOAD_MISMATCH',
  /** A video upload by a member whose plan has no video uploads (spec §6: premium). */
  premiumRequired: 'PREMIUM_REQUIRED',
  /** The member's plan allows no more uploads this hour. */
  uploadLimit: 'UPLOAD_LIMIT_REACHED',
  /** Client side only: the direct upload was asked for without a file or a signed URL. */
  invalidState: 'INVALID_STATE',
} as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[keyof typeof UPLOAD_ERROR_CODES];

/** Texts of tracks, uploads, tags and artwork, worded as spec §5 and §8 word them where it does. */
export const TRACK_MSG = {
  preflightFailed: 'Preflight validation failed',
  fileTooLarge: 'File size exceeds maximum allowed size of 256MB',
  invalidExtension: `Invalid file extension. Supported formats: ${AUDIO_EXTENSIONS.join(', ')}`,
  invalidMimeType: 'File does not appear to be an audio file',
  quotaExceeded: (usedMb: number, quotaMb: number) =>
    `Storage quota exceeded: ${usedMb.toFixed(1)} MB of ${quotaMb} MB used; this file does not fit`,
  renditionsOverQuota: (neededMb: number, freeMb: number, quotaMb: number) =>
    `Storage quota exceeded: this track's playable versions need ${neededMb.toFixed(1)} MB and ${freeMb.toFixed(1)} MB of your ${quotaMb} MB are free`,
  uploadsPerHour: (limit: number, tier: string) =>
    `Upload limit reached: the ${tier} plan allows ${limit} uploads an hour. Try again later.`,
  audioPerDay: (limitMinutes: number, tier: string) =>
    `Daily audio limit reached: the ${tier} plan allows ${limitMinutes} minutes of uploaded audio a day, and this track would go over it.`,
  /** Spec §6: what a locked premium option says. */
  videoNeedsPremium: 'upgrade to premium',
  uploadFailed: 'File upload failed',
  uploadMissing: 'The uploaded file was not found. Upload it again.',
  uploadNotYours: 'This upload key does not belong to you',
  uploadAlreadyTrack: 'This upload already belongs to a track',
  uploadSizeMismatch: (declared: number, stored: number) =>
    `The uploaded file is ${stored} bytes but ${declared} bytes were declared. Upload it again.`,
  creationFailed: 'Track Creation Failed',
  updateFailed: 'Update Failed',
  titleRequired: 'error: title is required',
  titleTooLong: 'Title must be 200 characters or less',
  descriptionTooLong: 'Description must be 5000 characters or less',
  invalidVisibility: 'Visibility must be public, unlisted or private',
  invalidTrackId: 'No track ID provided',
  trackNotFound: 'Track not found',
  trackNotReady: 'Track is still processing',
  trackFailed: 'Track could not be processed',
  trackDeleted: 'Track deleted',
  trackCreated: 'Track uploaded; it is being processed',
  trackUpdated: 'Track updated',
  parentNotFound: 'Parent track not found',
  tagTooLong: `Tag name must be ${TAG_NAME_MAX} characters or less`,
  tooManyTags: `Maximum ${TAGS_PER_TRACK} tags allowed`,
  tagsInvalid: 'Tags must be a list of names',
  artworkInvalid: 'Invalid artwork format. Please use jpg, png, gif, or webp.',
  artworkTooLarge: (mb: number, maxMb: number) => `Artwork too large (${mb.toFixed(1)} MB). Maximum size is ${maxMb} MB.`,
  artworkTooManyPixels: (megapixels: number) => `Artwork dimensions too large. Maximum is ${megapixels} megapixels.`,
  infiniteNeedsPremium: 'Endless mode needs a premium membership',
  historyHidden: 'This listening history is private',
  userNotFound: (username: string) => `User '${username}' not found`,
} as const;

/**
 * What the upload and edit forms say (spec §5, §8): the inline lines in the terminal style, and
 * the defaults of the toasts when the server's answer carries no description.
 */
export const TRACK_FORM_MSG = {
  titleAndFileRequired: 'error: title and audio file required',
  uploadValidationFailed: 'error: upload validation failed',
  fileUploadFailed: 'error: file upload failed',
  audioValidationFailed: 'error: audio file validation failed',
  uploadTransmissionFailed: 'transmission error: upload failed',
  titleRequired: 'error: title is required',
  updateTransmissionFailed: 'transmission error: update failed',
  creationFailedDefault: 'Failed to create track record',
  updateFailedDefault: 'Track update failed',
  uploadsPerHour: (limit: number, tier: string) =>
    `Upload limit reached: the ${tier} plan allows ${limit} uploads an hour. Try again later.`,
  audioPerDay: (limitMinutes: number, tier: string) =>
    `Daily audio limit reached: the ${tier} plan allows ${limitMinutes} minutes of uploaded audio a day, and this track would go over it.`,
  /** Spec §6: what a locked premium option says. */
  videoNeedsPremium: 'upgrade to premium',
  uploadFailed: 'File upload failed',
  invalidState: 'No file or presigned URL available',
  tagSuggestionsFailed: 'Failed to load tag suggestions',
  deleteFailed: 'Failed to delete track',
  deleteCommentFailed: 'Failed to delete comment',
  noCommentId: 'No comment ID provided',
} as const;
