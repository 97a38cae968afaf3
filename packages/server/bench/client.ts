// What the bench scripts that talk to a running server share: their arguments, the sign-in,
// POSTs on kept-alive connections and percentiles.
import http from 'node:http';

/** `--key=value` arguments (a bare `--key` is 'true'). */
export const benchArgs = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value] as const;
  }),
);

/** The bearer token of a sign-in. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  return token;
}

/**
 * POSTs through node:http with a keep-alive agent of `sockets` connections, not fetch: the load
 * generator runs on the server's own two cores, and fetch cost it 1.9 ms of CPU a ship against
 * 0.8-0.9 ms (measured by /proc CPU time, one packer); every millisecond it burns is taken from
 * the server. Each answers its status and its body as text.
 */
export function keptAlivePost(sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return (
    url: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}

/** The p-th percentile of sorted latencies. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * `workers` people at once, each taking the next item as soon as their last answer came (a
 * closed loop, no pause): every item's POST timed. The latencies come back sorted, with the
 * seconds the whole loop took.
 */
export async function closedLoop<T>(
  items: readonly T[],
  workers: number,
  one: (item: T) => Promise<void>,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      const started = performance.now();
      await one(item);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { latencies: latencies.sort((x, y) => x - y), seconds };
}
