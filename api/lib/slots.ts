/** A counting semaphore that never queues: a caller either gets a slot now or is told to come back later. */
export class Slots {
  readonly size: number;
  private inUse = 0;
  constructor(size: number) {
    this.size = size;
  }

  /** Takes a slot and returns its release (safe to call twice), or null when every slot is taken. */
  tryTake(): (() => void) | null {
    if (this.inUse >= this.size) return null;
    this.inUse += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.inUse -= 1;
    };
  }
}
