/** A FIFO lock: each holder runs to completion, D1 awaits included, before the next one starts. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  get queued() { return this.waiting; }

  run<T>(fn: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(fn);
    this.tail = result.then(() => { this.waiting--; }, () => { this.waiting--; });
    return result;
  }
}
