// The hostile-file tests' measurement (issue 41): an answer's time and the server's memory, and
// optionally another user's longest wait meanwhile. Printed to be read, never asserted: the
// machine is shared.

/** Bytes as whole megabytes. */
export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * A `measured(label, work)` that runs `work` and prints `<prefix> <label>`'s time and this
 * process's RSS before and at its peak (the app under test runs in it). With `probe`, another
 * request (given its count, to ask something not kept) is sent every 100 ms meanwhile and its
 * longest wait printed.
 */
export function measuredBy(prefix: string, probe?: (n: number) => Promise<unknown>) {
  return async function measured<T>(label: string, work: () => Promise<T>): Promise<T> {
    const before = process.memoryUsage().rss;
    let peak = before;
    let longest = 0;
    let probes = 0;
    let running = probe !== undefined;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const probing = (async () => {
      while (running && probe !== undefined) {
        const started = performance.now();
        await probe(probes);
        longest = Math.max(longest, performance.now() - started);
        probes += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const started = performance.now();
    try {
      return await work();
    } finally {
      const elapsed = performance.now() - started;
      running = false;
      clearInterval(sampler);
      await probing;
      peak = Math.max(peak, process.memoryUsage().rss);
      console.log(
        `${prefix} ${label}: answered in ${Math.round(elapsed)} ms; server RSS ${mb(before)} MB ` +
          `-> peak ${mb(peak)} MB (+${mb(peak - before)} MB)` +
          (probe === undefined
            ? ''
            : `; probe: ${probes} requests, longest ${Math.round(longest)} ms`),
      );
    }
  };
}
