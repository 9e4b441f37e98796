import { RESERVED_USERNAMES } from './limits';

/**
 * Names that could pass for the system or the staff: chat notices come from "system", and members
 * would trust an "admin" or a "stardeck". No member may go by one of them, as a username or as a
 * display name.
 */
export const STAFF_NAMES = [
  'system', 'admin', 'administrator', 'stardeck', 'moderator', 'mod', 'staff', 'support', 'root', 'official', 'sysop', 'operator',
] as const;

/** Words that, beside a staff name, still read as the staff: "stardeck team", "admin bot". */
const STAFF_QUALIFIERS = ['team', 'staff', 'official', 'bot', 'support', 'admin', 'mod', 'system'];

/** Look-alike letters and digits people use to slip past a word list ("adm1n", "5ystem", "ѕystem"). */
const LOOKALIKES: Record<string, string> = {
  0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', $: 's', '@': 'a', '|': 'i', '!': 'i',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', м: 'm', т: 't', н: 'h', к: 'k', в: 'b',
};

/**
 * The name as it reads: compatibility forms folded (full-width letters, ligatures), accents
 * dropped, case ignored, look-alikes mapped, and everything that is not a letter or a digit
 * (spaces, dots, underscores, zero-width characters, brackets) left out.
 */
export function nameAsItReads(value: string): string {
  const folded = value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (const char of folded) out += LOOKALIKES[char] ?? char;
  return out.replace(/[^\p{L}\p{N}]/gu, '').replace(/l/g, 'i');
}

const STAFF_READINGS = new Set<string>(STAFF_NAMES.map((name) => nameAsItReads(name)));
for (const name of STAFF_NAMES) {
  for (const qualifier of STAFF_QUALIFIERS) {
    STAFF_READINGS.add(nameAsItReads(`${name}${qualifier}`));
    STAFF_READINGS.add(nameAsItReads(`${qualifier}${name}`));
  }
}

/** Whether a username or display name could pass for the system or the staff. */
export function isStaffName(value: string): boolean {
  return STAFF_READINGS.has(nameAsItReads(value));
}

/** The one rule for usernames: the app's own routes, and staff names. */
export function isReservedUsername(value: string): boolean {
  return (RESERVED_USERNAMES as readonly string[]).includes(value.toLowerCase()) || isStaffName(value);
}
