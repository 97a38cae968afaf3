import exposes from '../../exposes.json';
import { standalonePages } from './standalone-pages';

// The remote's own dev page (npm start in this folder) links every page the remote exposes to
// the shell: a team working alone sees all of its area (issue 49: Scan Kirim was missing).
test('the standalone page links every page the remote exposes', async () => {
  const exposed = await Promise.all(
    Object.values(exposes).map(
      async (file) => ((await import(`../../${file.slice(2)}`)) as { default: unknown }).default,
    ),
  );
  expect(standalonePages).toHaveLength(exposed.length);
  expect(standalonePages.map((page) => page.Component)).toEqual(expect.arrayContaining(exposed));
});
