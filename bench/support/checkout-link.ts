import type { Browser } from '@playwright/test';

/** The checkout address exactly as the category page links to it (the first nominee's vote link). */
export async function checkoutHrefFrom(browser: Browser, categoryUrl: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(categoryUrl, { waitUntil: 'networkidle' });
    const link = page.locator('a[href^="/checkout?"]').first();
    await link.waitFor({ timeout: 15_000 });
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`${categoryUrl} shows no link to the checkout`);
    return href;
  } finally {
    await context.close();
  }
}
