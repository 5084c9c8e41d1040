/**
 * Seeded case generators for the differential tests (tests/unit/*-differential.test.ts): the
 * same seed, the same cases, so a failure printed with its seed replays.
 */

/** A small, fast, seeded generator (mulberry32): the same seed, the same cases. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  /** A decimal as text with at most `places` decimals, spread over magnitudes up to `max`. */
  const decimal = (max: number, places: number, min = 0) => {
    const magnitude = 10 ** int(0, Math.round(Math.log10(max)));
    const whole = Math.min(max, int(min, Math.max(min, magnitude)));
    const used = pick([0, 1, 2, places, places].filter((value) => value <= places));
    if (used === 0 || whole >= max) return String(whole);
    const fraction = String(int(0, 10 ** used - 1)).padStart(used, "0");
    return `${whole}.${fraction}`;
  };
  return { next, int, chance, pick, decimal };
}

export type Gen = ReturnType<typeof generator>;
