// Sign-in latency of a real user while wrong passwords flood the login. Bounded and
// local only: BASE must be a 127.0.0.1 URL; 500 failed logins (unknown e-mails) from 10 loopback
// addresses, 50 each (the per-address limit), 50 at a time, while the manager signs in from
// 127.0.0.98 again and again. Prints the real user's latencies before and during the flood.
//   BASE=http://127.0.0.1:8321 npx tsx packages/server/bench/signin-flood.ts
import http from 'node:http';

const base = new URL(process.env.BASE ?? 'http://127.0.0.1:8321');
if (base.hostname !== '127.0.0.1') throw new Error('BASE must be http://127.0.0.1:<port>');
const EMAIL = process.env.EMAIL ?? 'manager@gudang.test';
const PASSWORD = process.env.PASSWORD ?? 'manager123';

function login(
  from: string,
  email: string,
  password: string,
): Promise<{ status: number; ms: number }> {
  const body = JSON.stringify({ email, password });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: base.port,
        path: '/api/auth/login',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    n: values.length,
    median: Math.round(at(0.5)),
    p90: Math.round(at(0.9)),
    max: Math.round(at(1)),
  };
};

async function realUser(times: number, from = process.env.FROM ?? '127.0.0.98'): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < times; i++) {
    const { status, ms } = await login(from, EMAIL, PASSWORD);
    if (status !== 200) throw new Error(`the real sign-in got ${status}`);
    result.push(ms);
  }
  return result;
}

async function main() {
  const quiet = await realUser(5);
  let flooding = true;
  const during: number[] = [];
  const watcher = (async () => {
    // One sign-in every 1.3 s at most: under the 50 per minute an address may make.
    while (flooding) {
      during.push(...(await realUser(1)));
      await new Promise((resolve) => setTimeout(resolve, 1300));
    }
  })();
  const jobs: (() => Promise<{ status: number; ms: number }>)[] = [];
  for (let a = 0; a < 10; a++)
    for (let i = 0; i < 50; i++)
      jobs.push(() => login(`127.0.0.${10 + a}`, `nobody${a}-${i}@flood.test`, 'salah'));
  const statuses: Record<number, number> = {};
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as () => Promise<{ status: number }>;
        const { status } = await job();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const floodMs = Math.round(performance.now() - started);
  flooding = false;
  await watcher;
  console.log(
    JSON.stringify({
      flood: { requests: jobs.length, statuses, ms: floodMs },
      quiet: stats(quiet),
      during: stats(during),
    }),
  );
}

void main();
