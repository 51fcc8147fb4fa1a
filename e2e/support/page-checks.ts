// Small waiting and reading helpers for the browser suite, on top of @playwright/test's retrying `expect`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** Collapses every run of whitespace (also the no-break space Intl puts before "€") into one space. */
export function norm(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Retries `check` until it stops throwing (Playwright's `toPass`), then returns its value: for what the product
 * legitimately does asynchronously and no web-first assertion reads directly (API answers, several values at once).
 */
export async function eventually<T>(
  check: () => Promise<T> | T,
  { timeout = 10_000, interval = 100 } = {},
): Promise<T> {
  let value: { result: T } | undefined;
  await expect(async () => {
    value = { result: await check() };
  }).toPass({ timeout, intervals: [interval] });
  return value!.result;
}

/** Waits until the page's address path (and query, when given) matches. */
export async function waitForPath(page: Page, pattern: RegExp, timeout = 15_000): Promise<URL> {
  await page.waitForURL((url) => pattern.test(url.pathname + url.search), { timeout });
  return new URL(page.url());
}

/**
 * Waits until React has hydrated (or rendered) the page's root: `hydrateRoot`/`createRoot` mark the container with a
 * `__reactContainer$…` property. A click before that reaches only the server's markup.
 */
export async function waitForReactRoot(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
}

/** The visible text of a locator, whitespace collapsed. */
export async function textOf(locator: Locator): Promise<string> {
  return norm(await locator.innerText());
}

/** Term/definition pairs of a <dl> (the price panel, summary lists, cart totals) as "term" -> "definition". */
export async function definitions(list: Locator): Promise<Record<string, string>> {
  return list.evaluate((dl) => {
    const pairs: Record<string, string> = {};
    for (const dt of Array.from(dl.querySelectorAll('dt'))) {
      let dd = dt.nextElementSibling;
      while (dd && dd.tagName !== 'DD') dd = dd.nextElementSibling;
      const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
      pairs[clean(dt.textContent).replace(/:$/, '')] = clean(dd?.textContent);
    }
    return pairs;
  });
}

/** What has the keyboard focus: tag, type, id and its label (or text). */
export async function focused(page: Page): Promise<{ tag: string; type: string; id: string; name: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', type: '', id: '', name: '' };
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? '',
      id: el.id,
      name: (labelled ?? el.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** Saves a full-page screenshot under e2e/artifacts/. */
export async function screenshot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A minimal but well-formed one-page PDF (header, catalog, pages, page, content stream, xref, trailer). */
export function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Writes a file and returns its path. */
export function writeTemp(dir: string, name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}
