/** A repeatable source of choices: the same seed makes the same history. */
export interface Random {
  /** An integer in min..max, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True `percent` times in a hundred. */
  chance(percent: number): boolean;
  /** A float in 0..1. */
  next(): number;
  uuid(): string;
  hex(bytes: number): string;
}

/** mulberry32: tiny, fast and well spread; plenty for choosing test data. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (bytes: number) => Array.from({ length: bytes }, () => int(0, 255).toString(16).padStart(2, '0')).join('');
  return {
    int,
    next,
    hex,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('nothing to pick from');
      return items[int(0, items.length - 1)]!;
    },
    chance: (percent: number) => next() * 100 < percent,
    // Version 4 layout, so every uuid column and check accepts it.
    uuid: () => {
      const h = hex(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${(8 + int(0, 3)).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}
