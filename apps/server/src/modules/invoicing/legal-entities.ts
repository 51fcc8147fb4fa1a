import { readFileSync } from 'node:fs';
import { isSeriesCode } from '@ventanilla/domain';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const LegalEntitiesFile = Type.Object({
  _comment: Type.Optional(Type.String()),
  entities: Type.Array(
    Type.Object({
      id: Type.String({ pattern: '^[a-z0-9-]+$' }),
      legal_name: Type.String({ minLength: 1 }),
      /** The tax id as printed; Spanish issuers without the ES prefix (it is IDEmisorFactura). */
      tax_id: Type.String({ minLength: 3 }),
      address: Type.String({ minLength: 1 }),
      country: Type.String({ pattern: '^[A-Z]{2}$' }),
      /** IANA time zone of the issue date and of Veri*Factu timestamps. */
      time_zone: Type.String({ minLength: 1 }),
      registry_note: Type.Optional(Type.String()),
      email: Type.Optional(Type.String()),
      /** Whether its invoices get Veri*Factu records (Spanish issuers). */
      verifactu: Type.Boolean(),
    }),
  ),
  stores: Type.Array(
    Type.Object({
      store_id: Type.Integer({ minimum: 1, maximum: 99 }),
      entity: Type.String(),
      invoice_series: Type.String(),
      credit_note_series: Type.String(),
    }),
  ),
});

export type LegalEntity = Static<typeof LegalEntitiesFile>['entities'][number];

export interface StoreInvoicing {
  storeId: number;
  entity: LegalEntity;
  invoiceSeries: string;
  creditNoteSeries: string;
}

/**
 * Who issues the invoices of each store and in which series (catalog/legal-entities.json). Several stores (brands)
 * share one legal entity; each store has its own invoice and credit-note series, so numbers never collide within
 * an issuer. Read and checked once at boot: a store without an issuer would make paying its orders fail.
 */
export class LegalEntities {
  private readonly byStore = new Map<number, StoreInvoicing>();

  constructor(data: unknown, storeIds: readonly number[]) {
    if (!Value.Check(LegalEntitiesFile, data)) {
      const first = [...Value.Errors(LegalEntitiesFile, data)][0];
      throw new Error(`legal entities: ${first ? `${first.instancePath} ${first.message}` : 'invalid'}`);
    }
    const entities = new Map(data.entities.map((e) => [e.id, e]));
    const seen = new Map<string, number>();
    for (const s of data.stores) {
      const entity = entities.get(s.entity);
      if (!entity) throw new Error(`legal entities: store ${s.store_id} names unknown entity "${s.entity}"`);
      for (const series of [s.invoice_series, s.credit_note_series]) {
        if (!isSeriesCode(series)) throw new Error(`legal entities: store ${s.store_id} has a bad series "${series}"`);
        const key = `${entity.id}/${series}`;
        if (seen.has(key))
          throw new Error(
            `legal entities: series ${series} of ${entity.id} used by stores ${seen.get(key)} and ${s.store_id}`,
          );
        seen.set(key, s.store_id);
      }
      this.byStore.set(s.store_id, {
        storeId: s.store_id,
        entity,
        invoiceSeries: s.invoice_series,
        creditNoteSeries: s.credit_note_series,
      });
    }
    const missing = storeIds.filter((id) => !this.byStore.has(id));
    if (missing.length) throw new Error(`legal entities: no issuer for stores ${missing.join(', ')}`);
  }

  static fromFile(file: string, storeIds: readonly number[]): LegalEntities {
    return new LegalEntities(JSON.parse(readFileSync(file, 'utf8')) as unknown, storeIds);
  }

  /** The tax ids of the issuers whose invoices go on a Veri*Factu chain. */
  verifactuIssuers(): string[] {
    return [...new Set([...this.byStore.values()].filter((s) => s.entity.verifactu).map((s) => s.entity.tax_id))];
  }

  /** An issuer by its id ("pt"), undefined when there is none. */
  entity(id: string): LegalEntity | undefined {
    return [...this.byStore.values()].find((s) => s.entity.id === id)?.entity;
  }

  forStore(storeId: number): StoreInvoicing {
    const found = this.byStore.get(storeId);
    if (!found) throw new Error(`no issuer configured for store ${storeId}`);
    return found;
  }
}
