import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { storageStateOf, type RoleName } from './accounts';
import { ALL_PAGES, LIST_PAGES } from './pages';

// WCAG 2.1 AA, colour contrast first. Every page, both roles, with the forms open.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`)
        .join('; ')}`,
  );
  expect(found, what).toEqual([]);
}

const heading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { name, level: 2 });

test('the login page has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await expectNoViolations(page, '/login');
});

for (const role of ['manager', 'admin'] as const satisfies readonly RoleName[]) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateOf(role) });

    test('every page has no accessibility violations', async ({ page }) => {
      // Fourteen pages for the manager, each scanned whole: more than a minute on
      // a busy machine.
      test.setTimeout(180_000);
      for (const item of ALL_PAGES.filter((entry) => entry.roles.includes(role))) {
        await page.goto(item.path);
        await expect(heading(page, item.heading)).toBeVisible();
        // Wait for the data, so that the scan sees the rows and badges.
        await expect(page.getByRole('status', { name: /Memuat/ })).toHaveCount(0);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoViolations(page, item.path);
      }
    });

    test('every add and edit form has no accessibility violations', async ({ page }) => {
      // Every list's add form (and the manager's edit forms and stock card), each scanned whole:
      // 52-62 s on 2 busy cores, at Playwright's 60 s default.
      test.setTimeout(180_000);
      for (const list of LIST_PAGES.filter((entry) => entry.roles.includes(role))) {
        await page.goto(list.path);
        const table = page.getByRole('table', { name: list.title });
        await expect(table.locator('tbody tr td:last-child button').first()).toBeAttached();

        await page.getByRole('button', { name: list.add }).click();
        const add = page.getByRole('dialog');
        await expect(add).toBeVisible();
        await expectNoViolations(page, `${list.path} add form`);
        await add.getByRole('button', { name: 'Batal' }).click();
        await expect(add).toBeHidden();

        if (role === 'manager') {
          await table.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
          const edit = page.getByRole('dialog');
          await expect(edit).toBeVisible();
          await expectNoViolations(page, `${list.path} edit form`);
          await page.keyboard.press('Escape');
          await expect(edit).toBeHidden();
        }
      }
      if (role === 'manager') {
        await page.goto('/products');
        await page
          .getByRole('table', { name: 'Data Produk' })
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: 'Kartu Stok' })
          .click();
        const card = page.getByRole('dialog');
        await expect(card.getByText('Saldo Akhir')).toBeVisible();
        await expectNoViolations(page, 'stock card');
      }
    });
  });
}
