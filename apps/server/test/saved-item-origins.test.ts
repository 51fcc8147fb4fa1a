import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SAVED_ITEM_ATTRS, SAVED_ITEM_ORIGINS } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';

// The option ids the saved-item origins read (packages/domain saved-items/order-origins.ts) must be the catalogue's:
// a form edited without them would silently stop saving items from orders.

interface FormFile {
  product_id: number;
  options: Array<{ option_id: number; validator?: string }>;
}

async function forms(): Promise<Map<number, FormFile>> {
  const dir = path.join(loadConfig({ NODE_ENV: 'test' }).catalogDir, 'forms');
  const out = new Map<number, FormFile>();
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.json')) continue;
    const form = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as FormFile;
    out.set(form.product_id, form);
  }
  return out;
}

describe('saved-item origins against the catalogue', () => {
  it.each(SAVED_ITEM_ORIGINS.map((o) => [o.kind, o.productIds.join('/'), o] as const))(
    '%s from product %s: its options exist, identities with their validator',
    async (kind, _, origin) => {
      const all = await forms();
      const present = origin.productIds.filter((id) => all.has(id));
      expect(present.length).toBeGreaterThan(0);
      for (const productId of present) {
        const options = new Map(all.get(productId)!.options.map((o) => [o.option_id, o]));
        for (const optionId of origin.nameFrom) expect(options.has(optionId), `${productId}: ${optionId}`).toBe(true);
        for (const [key, optionId] of Object.entries(origin.attrs)) {
          expect(options.has(optionId), `${productId}: ${key} ${optionId}`).toBe(true);
          const validator = SAVED_ITEM_ATTRS[kind][key]?.validator;
          // The form checks what the saved item checks (a CIF form answer is a valid nif_es).
          if (validator === 'plate_es' || validator === 'refcat' || validator === 'idufir')
            expect(options.get(optionId)?.validator).toBe(validator);
          if (validator === 'nif_es') expect(['cif', 'nif_es']).toContain(options.get(optionId)?.validator);
        }
      }
    },
  );
});
