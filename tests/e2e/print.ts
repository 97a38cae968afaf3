import type { Page } from '@playwright/test';

/**
 * Headless Chromium has no print dialog, and the page removes its print layout as soon as
 * window.print() returns: keep a copy of the layout and of its print rules instead.
 */
export async function keepPrintedSheet(page: Page) {
  await page.evaluate(() => {
    window.print = () => {
      const sheet = document.querySelector('[data-print-area]');
      if (!sheet) return;
      const rules = [...document.styleSheets]
        .flatMap((styleSheet) => [...styleSheet.cssRules])
        .map((rule) => rule.cssText)
        .filter((text) => text.includes('data-print-area'));
      const style = document.createElement('style');
      style.textContent = rules.join('\n');
      document.head.append(style);
      document.body.append(sheet.cloneNode(true));
    };
  });
}
