import { execFileSync } from 'node:child_process';

// Debian's Chromium, never a Playwright download. The networking flags keep it from flooding
// the closed network it runs in.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Chromium not found: apt-get install chromium, or set CHROMIUM_PATH');
  }
}
