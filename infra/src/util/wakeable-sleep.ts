/**
 * A sleep that another part of the process can cut short: a polling loop waits for its interval
 * but wakes at once when there is news (a commit, a message, a stop request).
 */
export class WakeableSleep {
  private wakeCurrent: (() => void) | null = null;

  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeCurrent = done;
    }).then(() => {
      this.wakeCurrent = null;
    });
  }

  /** Ends the current sleep, if any; a later sleep is not affected. */
  wake(): void {
    this.wakeCurrent?.();
  }
}
