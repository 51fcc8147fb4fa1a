import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogFileError, readCatalogFiles } from './catalog-files.js';

const CATALOG = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../catalog');

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

/** A copy of the repository's catalogue where `edit` changes one product file. */
function catalogueWith(edit: (product: Record<string, unknown>) => void): string {
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-files-'));
  cpSync(CATALOG, dir, { recursive: true });
  const file = path.join(dir, 'products', 'nota-simple.json');
  const product = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(product);
  writeFileSync(file, JSON.stringify(product));
  return file;
}

describe('readCatalogFiles (compiled validators)', () => {
  it('reads the repository catalogue, and the same result again on a second read (validators kept from the first)', async () => {
    const first = await readCatalogFiles(CATALOG);
    const second = await readCatalogFiles(CATALOG);
    expect(first.products.length).toBeGreaterThan(50);
    expect(second).toEqual(first);
  });

  it.each([
    ['a missing name', (p: Record<string, unknown>) => delete p.name, /\/name|name/],
    ['a product id of 0', (p: Record<string, unknown>) => (p.product_id = 0), /product_id/],
    ['a price that is not money', (p: Record<string, unknown>) => (p.base_price = '20,76'), /base_price/],
  ])('refuses %s, naming the file and the field', async (_case, edit, field) => {
    const file = catalogueWith(edit);
    const read = readCatalogFiles(dir);
    await expect(read).rejects.toBeInstanceOf(CatalogFileError);
    await expect(read).rejects.toThrow(file);
    await expect(read).rejects.toThrow(field);
  });
});
