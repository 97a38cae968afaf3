// A job of the server's own that checks every hour whether it is due (the daily backup, the
// embedded database's housekeeping).

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs `job` now and then every hour, never two at once (a run still going when the hour strikes
 * is not started again). stop() ends the checks and waits for a run under way.
 */
export function everyHour(job: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const check = () => {
    if (running !== null) return;
    running = job().finally(() => (running = null));
  };
  check();
  const timer = setInterval(check, HOUR_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
