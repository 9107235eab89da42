/**
 * Seeded randomness for the procedural renderer. Everything visible must be a pure function of
 * (seed, text, options), so nothing here may touch Math.random or the clock.
 */

/** FNV-1a (32-bit): a stable hash so the same prompt text always maps to the same scene. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Combines two 32-bit values into a well-mixed one (murmur3 finaliser), for deriving sub-seeds. */
export function mix32(a: number, b: number): number {
  let h = (a ^ Math.imul(b >>> 0, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) keyed by name, so adding a new key never reshuffles existing ones. */
export function unitHash(seed: number, key: string): number {
  return mix32(seed, fnv1a(key)) / 4294967296;
}

/** mulberry32: tiny, fast and good enough for visual randomness. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Approximately normal (sum of uniforms): cheap and bounded, which suits grain. */
  gauss(): number {
    return this.next() + this.next() + this.next() - 1.5;
  }
}
