/** Spec §5 and the reserved names: the browser checks a display name by the same rule as the server. */
export { displayNameError } from '@stardeck/contracts/browser';
