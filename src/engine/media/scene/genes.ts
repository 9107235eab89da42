import { mix32, unitHash } from '../pixels/prng';

/**
 * A genome answers every creative decision of a scene by key. Two genomes can be blended, which is
 * how --chaos (and later variations/remix) work: each image interpolates between the shared base
 * genome and its own, plus a little jitter, so chaos 0 gives siblings and chaos 100 strangers.
 */
export interface GenomeSpec {
  base: number;
  alt: number;
  /** 0 = pure base, 1 = pure alt. */
  blend: number;
  jitterSeed: number;
  /** Maximum displacement of continuous genes, in gene units (genes live in [0, 1]). */
  jitter: number;
}

export class Genome {
  private readonly crossSeed: number;

  constructor(private readonly spec: GenomeSpec) {
    this.crossSeed = mix32(spec.jitterSeed, 0x5bd1e995);
  }

  static single(seed: number): Genome {
    return new Genome({ base: seed, alt: seed, blend: 0, jitterSeed: seed, jitter: 0 });
  }

  /** Continuous gene in [0, 1]. */
  u(key: string): number {
    const { base, alt, blend, jitterSeed, jitter } = this.spec;
    const a = unitHash(base, key);
    const b = unitHash(alt, key);
    const wobble = (unitHash(jitterSeed, key) - 0.5) * 2 * jitter;
    return Math.min(1, Math.max(0, a + (b - a) * blend + wobble));
  }

  range(key: string, lo: number, hi: number): number {
    return lo + (hi - lo) * this.u(key);
  }

  /** Discrete genes cross over whole rather than averaging, so a choice is always a real option. */
  d(key: string): number {
    return unitHash(this.sourceOf(key), key);
  }

  pick<T>(key: string, items: readonly T[]): T {
    if (items.length === 0) throw new Error(`gene ${key}: empty choice`);
    return items[Math.floor(this.d(key) * items.length)] as T;
  }

  chance(key: string, p: number): boolean {
    return this.d(key) < p;
  }

  int(key: string, lo: number, hi: number): number {
    return lo + Math.floor(this.d(key) * (hi - lo + 1));
  }

  /** Seed for bulk detail (star fields, tree rows); inherited like a discrete gene. */
  seed(key: string): number {
    return mix32(this.sourceOf(key), unitHash(0x1234567, key) * 4294967296);
  }

  private sourceOf(key: string): number {
    const { base, alt, blend } = this.spec;
    return unitHash(this.crossSeed, key) < blend ? alt : base;
  }
}
