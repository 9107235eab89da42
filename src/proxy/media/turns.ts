/** A turn was waited for by no one any more: the work it was for is not done. */
export class Abandoned extends Error {
  constructor() {
    super('abandoned: no one waits for it any more');
  }
}

/**
 * At most `max` pieces of work at a time, the others waiting their turn in the order they
 * came. A wait whose signal aborts leaves the line (its `take` rejects with `Abandoned`),
 * so work no one wants any more never takes a turn.
 */
export class Turns {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(private readonly max: number) {}

  /** Resolves with the function that gives the turn back, once it is this work's turn. */
  take(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(new Abandoned());
    return new Promise((resolve, reject) => {
      const go = () => {
        signal.removeEventListener('abort', leave);
        this.active++;
        resolve(this.giveBack());
      };
      const leave = () => {
        const at = this.line.indexOf(go);
        if (at !== -1) this.line.splice(at, 1);
        reject(new Abandoned());
      };
      signal.addEventListener('abort', leave, { once: true });
      this.line.push(go);
      this.next();
    });
  }

  /** Work waiting for a turn, for tests and the log. */
  get waiting(): number {
    return this.line.length;
  }

  private giveBack(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.active--;
      this.next();
    };
  }

  private next(): void {
    while (this.active < this.max) {
      const go = this.line.shift();
      if (!go) return;
      go();
    }
  }
}
