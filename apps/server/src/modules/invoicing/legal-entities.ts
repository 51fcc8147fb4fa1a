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
      phone: Type.Optional(Type.String()),
      /** Where data subjects write (the DPO's address where there is one). */
      privacy_email: Type.Optional(Type.String()),
      /** The authority that supervises the activity, where one applies. */
      supervising_authority: Type.Optional(Type.String()),
      /** Whether its invoices get Veri*Factu records (Spanish issuers). */
      verifactu: Type.Boolean(),
      /** Shipped, invented data: production refuses to start while an entity still carries these values. */
      placeholder: Type.Optional(Type.Boolean()),
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

type FileEntity = Static<typeof LegalEntitiesFile>['entities'][number];

/** The fields an admin edits (legal_entities.data); id, country, time zone and Veri*Factu stay as configured. */
export const EDITABLE_FIELDS = [
  'legal_name',
  'tax_id',
  'address',
  'registry_note',
  'email',
  'phone',
  'privacy_email',
  'supervising_authority',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** A selling and issuing legal entity as every reader sees it (the database's row over the file's seed). */
export interface LegalEntity {
  id: string;
  legal_name: string;
  tax_id: string;
  address: string;
  country: string;
  time_zone: string;
  registry_note: string;
  email: string;
  phone: string;
  privacy_email: string;
  supervising_authority: string;
  verifactu: boolean;
}

function fromFile(e: FileEntity): LegalEntity {
  return {
    id: e.id,
    legal_name: e.legal_name,
    tax_id: e.tax_id,
    address: e.address,
    country: e.country,
    time_zone: e.time_zone,
    registry_note: e.registry_note ?? '',
    email: e.email ?? '',
    phone: e.phone ?? '',
    privacy_email: e.privacy_email ?? '',
    supervising_authority: e.supervising_authority ?? '',
    verifactu: e.verifactu,
  };
}

export interface StoreInvoicing {
  storeId: number;
  entity: LegalEntity;
  invoiceSeries: string;
  creditNoteSeries: string;
}

/** Words that say a value is still to be filled in (any of the shop's languages). */
const PENDING_MARK = /pendiente|por completar|a completar|to be completed|placeholder/i;

/**
 * Who issues the invoices of each store and in which series (catalog/legal-entities.json). Several stores (brands)
 * share one legal entity; each store has its own invoice and credit-note series, so numbers never collide within
 * an issuer. Read and checked once at boot: a store without an issuer would make paying its orders fail.
 */
export class LegalEntities {
  private readonly byStore = new Map<number, StoreInvoicing>();
  private readonly entities = new Map<string, LegalEntity>();
  /** The file's entities marked "placeholder": the shipped, invented values (production refuses them). */
  private readonly shipped = new Map<string, LegalEntity>();
  /** Called on every read (LegalEntitiesStore: refresh when stale, without waiting for it). */
  onRead: (() => void) | undefined;
  /** Moves whenever an entity's data changes (server-rendered pages that show it are dropped then). */
  revision = 0;

  constructor(data: unknown, storeIds: readonly number[]) {
    if (!Value.Check(LegalEntitiesFile, data)) {
      const first = [...Value.Errors(LegalEntitiesFile, data)][0];
      throw new Error(`legal entities: ${first ? `${first.instancePath} ${first.message}` : 'invalid'}`);
    }
    for (const e of data.entities) {
      this.entities.set(e.id, fromFile(e));
      if (e.placeholder) this.shipped.set(e.id, fromFile(e));
    }
    const entities = this.entities;
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
      const current = this.entities;
      this.byStore.set(s.store_id, {
        storeId: s.store_id,
        // Read at each use: an admin's edit (replaceEntities) shows at once in every reader.
        get entity() {
          return current.get(entity.id) ?? entity;
        },
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
    this.onRead?.();
    return [...this.byStore.values()].find((s) => s.entity.id === id)?.entity;
  }

  /** Every entity, in the file's order (seed of the database and the back office's list). */
  all(): LegalEntity[] {
    this.onRead?.();
    return [...this.entities.values()];
  }

  /** The stores an entity sells in. */
  storesOf(id: string): number[] {
    return [...this.byStore.values()].filter((s) => s.entity.id === id).map((s) => s.storeId);
  }

  /**
   * Puts the database's editable values over the entities (LegalEntitiesStore.load, after an edit or when another
   * instance's edit is seen). Only known entities and editable fields; id, country, time zone and Veri*Factu stay.
   */
  replaceEntities(rows: ReadonlyArray<{ id: string; data: Partial<Record<EditableField, unknown>> }>): void {
    for (const row of rows) {
      const current = this.entities.get(row.id);
      if (!current) continue;
      const next: LegalEntity = { ...current };
      for (const field of EDITABLE_FIELDS) {
        const value = row.data[field];
        if (typeof value === 'string') next[field] = value;
      }
      if (EDITABLE_FIELDS.some((f) => next[f] !== current[f])) this.revision++;
      this.entities.set(row.id, next);
    }
  }

  /**
   * The entities that still carry shipped placeholder data, with the fields that do: a field equal to the file's
   * invented value, or one still saying it is to be completed.
   */
  placeholders(): Array<{ id: string; fields: EditableField[] }> {
    const found: Array<{ id: string; fields: EditableField[] }> = [];
    for (const entity of this.entities.values()) {
      if (this.storesOf(entity.id).length === 0) continue;
      const shipped = this.shipped.get(entity.id);
      const fields = EDITABLE_FIELDS.filter(
        (f) => (shipped && shipped[f] !== '' && entity[f] === shipped[f]) || PENDING_MARK.test(entity[f]),
      );
      if (fields.length) found.push({ id: entity.id, fields });
    }
    return found;
  }

  forStore(storeId: number): StoreInvoicing {
    this.onRead?.();
    const found = this.byStore.get(storeId);
    if (!found) throw new Error(`no issuer configured for store ${storeId}`);
    return found;
  }
}

/**
 * What the boot says about entities still carrying the shipped placeholder data (production refuses to start with
 * it; development and tests only warn): each entity and its fields, or null when there is none.
 */
export function placeholderWarning(found: ReadonlyArray<{ id: string; fields: readonly string[] }>): string | null {
  if (!found.length) return null;
  const list = found.map((f) => `"${f.id}" (${f.fields.join(', ')})`).join('; ');
  return (
    `legal entities still carry the shipped placeholder data: ${list}. Enter the real company data in the back ` +
    'office (Configuration > Legal entities) or in catalog/legal-entities.json before the first start ' +
    '(docs/legal-entities.md)'
  );
}
