import { PAGE_SIZES } from '@stardeck/contracts/browser';

/** A member's tracks page shows this many at a time (spec §9 page sizes). */
export const USER_TRACKS_PAGE = PAGE_SIZES.library;
