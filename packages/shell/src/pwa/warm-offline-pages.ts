// The phone's pages that work without a network, their scans kept on the phone and sent when it
// is back: Scan Kirim, Retur, Stok Opname. The service worker keeps the files a page has loaded,
// so a page never opened before was missing offline ('Modul Retur gagal dimuat', QA walk K D6).
// Once a start has settled, the pages of these that the user may open are loaded (not shown), and
// the worker keeps their files. Once per start, one page after the other, never with Save-Data.
import type { AppRoute } from '../routes';
import { warmPage } from '../remotes/page-loads';

export const OFFLINE_PAGES: readonly string[] = ['/packing', '/returns', '/stock-opname'];

/** The performance mark set when the offline pages have loaded (their files kept). */
export const OFFLINE_PAGES_LOADED = 'gudang:offline-pages-loaded';

/** How long after the worker is ready: past the start's own work (its total blocking time). */
export const WARM_AFTER_MS = 5_000;

let started = false;

/** Loads the offline pages among `routes` (the user's menu) once the service worker is ready. */
export function warmOfflinePages(routes: readonly AppRoute[]): void {
  if (started || !('serviceWorker' in navigator)) return;
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData === true) return;
  const pages = routes.filter((route) => OFFLINE_PAGES.includes(route.path));
  if (pages.length === 0) return;
  started = true;
  void navigator.serviceWorker.ready
    .then(() => new Promise((resolve) => setTimeout(resolve, WARM_AFTER_MS)))
    .then(async () => {
      for (const page of pages) await warmPage(page);
      performance.mark(OFFLINE_PAGES_LOADED);
    });
}
