import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  validateEmail,
  validateIrishVat,
  validatePortugueseNif,
  validatePortuguesePhone,
  validateSpanishPhone,
  validateSpanishTaxId,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { legalEntities, legalEntityChanges, users, type StoredLegalEntity } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import { EDITABLE_FIELDS, type EditableField, type LegalEntities, type LegalEntity } from './legal-entities.js';

/** Longest value of a field (a registry entry is the longest legitimate one). */
export const MAX_FIELD_LENGTH = 500;

export type LegalEntityPatch = Partial<Record<EditableField, string>>;

/**
 * The entities' one source (docs/legal-entities.md): rows of legal_entities, seeded from catalog/legal-entities.json,
 * put over the LegalEntities every reader holds (invoices, legal pages, e-mails, payment pages, JSON-LD), so they
 * read it synchronously. An admin's edit reloads this instance at once; another instance sees it within `ttlMs`, as
 * the catalogue does: a read finding the copy older than that compares the rows' version sum and reads them again
 * when it moved (the read itself keeps the copy it has meanwhile).
 */
export class LegalEntitiesStore {
  private loadedAt = 0;
  private revision = -1;
  private reloading: Promise<void> | null = null;
  /** Run after each load (the app: a Veri*Factu chain head for an issuer whose tax id an admin changed). */
  afterLoad: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    readonly entities: LegalEntities,
    private readonly ttlMs: number,
  ) {
    entities.onRead = () => this.startRefreshIfStale();
  }

  /** Inserts the file's entities that have no row yet (a new install, or an entity added to the file). */
  async seed(): Promise<void> {
    const rows = this.entities.all().map((e) => ({ entityId: e.id, data: stored(e) }));
    if (rows.length) await this.db.insert(legalEntities).values(rows).onConflictDoNothing();
  }

  async load(): Promise<void> {
    const rows = await this.db.select().from(legalEntities);
    this.entities.replaceEntities(rows.map((r) => ({ id: r.entityId, data: r.data })));
    this.revision = rows.reduce((sum, r) => sum + r.version, rows.length * 1_000_000);
    this.loadedAt = Date.now();
    await this.afterLoad?.();
  }

  /** Resolves when the refresh under way, if any, is done (on close, before the pool ends). */
  async idle(): Promise<void> {
    await this.reloading;
  }

  private startRefreshIfStale(): void {
    if (this.loadedAt === 0 || Date.now() - this.loadedAt <= this.ttlMs || this.reloading) return;
    this.reloading = this.refresh()
      .catch(() => undefined) // keep the last good copy while the database is away
      .finally(() => {
        this.reloading = null;
      });
  }

  private async refresh(): Promise<void> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        versions: sql<number>`coalesce(sum(${legalEntities.version}), 0)::int`,
      })
      .from(legalEntities);
    if (row && row.count * 1_000_000 + row.versions !== this.revision) return this.load();
    this.loadedAt = Date.now();
  }

  /** The entities with their stores and version (the back office's list). */
  async list(): Promise<Array<{ entity: LegalEntity; version: number; updatedAt: Date; stores: number[] }>> {
    const rows = await this.db.select().from(legalEntities).orderBy(asc(legalEntities.entityId));
    const versions = new Map(rows.map((r) => [r.entityId, r]));
    return this.entities.all().map((entity) => ({
      entity,
      version: versions.get(entity.id)?.version ?? 0,
      updatedAt: versions.get(entity.id)?.updatedAt ?? new Date(0),
      stores: this.entities.storesOf(entity.id),
    }));
  }

  /** The edits of an entity, newest first. */
  async history(entityId: string) {
    this.require(entityId);
    return this.db
      .select({
        id: legalEntityChanges.id,
        changedAt: legalEntityChanges.changedAt,
        userId: legalEntityChanges.userId,
        userName: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
        changes: legalEntityChanges.changes,
      })
      .from(legalEntityChanges)
      .leftJoin(users, eq(users.id, legalEntityChanges.userId))
      .where(eq(legalEntityChanges.entityId, entityId))
      .orderBy(desc(legalEntityChanges.id))
      .limit(200);
  }

  /**
   * An admin's edit: checked (each field by the entity's country's rules), written with its history row in one
   * transaction (the row locked: two edits never lose each other's history), then this instance reloads.
   */
  async update(userId: number, entityId: string, patch: LegalEntityPatch): Promise<LegalEntity> {
    const entity = this.require(entityId);
    const normalised = checkPatch(entity.country, patch);
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(legalEntities).where(eq(legalEntities.entityId, entityId)).for('update');
      const current: StoredLegalEntity = row?.data ?? stored(entity);
      const changes: Array<{ field: string; old: unknown; new: unknown }> = [];
      const next = { ...current };
      for (const [field, value] of Object.entries(normalised) as Array<[EditableField, string]>) {
        if ((current[field] ?? '') === value) continue;
        changes.push({ field, old: current[field] ?? '', new: value });
        next[field] = value;
      }
      if (!changes.length) return;
      if (row) {
        await tx
          .update(legalEntities)
          .set({ data: next, version: sql`${legalEntities.version} + 1`, updatedAt: new Date(), updatedBy: userId })
          .where(eq(legalEntities.entityId, entityId));
      } else {
        await tx.insert(legalEntities).values({ entityId, data: next, updatedBy: userId });
      }
      await tx.insert(legalEntityChanges).values({ entityId, userId, changes });
    });
    await this.load();
    return this.require(entityId);
  }

  private require(entityId: string): LegalEntity {
    const entity = this.entities.all().find((e) => e.id === entityId);
    if (!entity) throw new AppError('NOT_FOUND', `legal entity ${entityId}`);
    return entity;
  }
}

function stored(e: LegalEntity): StoredLegalEntity {
  const { id: _id, ...data } = e;
  return data;
}

/** Fields that must not be empty (an invoice and the legal notice cannot go without them). */
const REQUIRED: ReadonlySet<EditableField> = new Set(['legal_name', 'tax_id', 'address', 'email']);

/** The patch's values trimmed and normalised, or a VALIDATION_ERROR naming every bad field. */
export function checkPatch(country: string, patch: LegalEntityPatch): LegalEntityPatch {
  const out: LegalEntityPatch = {};
  const fields: FieldError[] = [];
  for (const field of EDITABLE_FIELDS) {
    const raw = patch[field];
    if (raw === undefined) continue;
    const value = raw.trim().replace(/\s+/g, ' ');
    // eslint-disable-next-line no-control-regex
    if (value.length > MAX_FIELD_LENGTH || /[\u0000-\u001f\u007f]/.test(raw.replace(/[\n\t]/g, ' '))) {
      fields.push({ field, key: 'field.invalid' });
      continue;
    }
    if (value === '') {
      if (REQUIRED.has(field)) fields.push({ field, key: 'field.required' });
      else out[field] = '';
      continue;
    }
    const checked = checkField(country, field, value);
    if (checked === null) fields.push({ field, key: 'field.invalid' });
    else out[field] = checked;
  }
  if (fields.length) throw new AppError('VALIDATION_ERROR', 'legal entity', { fields });
  return out;
}

function checkField(country: string, field: EditableField, value: string): string | null {
  switch (field) {
    case 'tax_id':
      return checkTaxId(country, value);
    case 'email':
    case 'privacy_email': {
      const result = validateEmail(value);
      return result.ok ? result.normalised : null;
    }
    case 'phone': {
      if (country === 'ES') {
        const r = validateSpanishPhone(value);
        return r.ok ? r.normalised : null;
      }
      if (country === 'PT') {
        const r = validatePortuguesePhone(value);
        return r.ok ? r.normalised : null;
      }
      return /^\+?[0-9][0-9 ()-]{6,24}$/.test(value) ? value : null;
    }
    case 'legal_name':
    case 'address':
    case 'registry_note':
    case 'supervising_authority':
      return value;
  }
}

/**
 * The tax id as printed on invoices: Spanish issuers without the ES prefix (it is IDEmisorFactura), Portuguese and
 * Irish ones with their VAT prefix; UK VAT numbers by shape (GB + 9 or 12 digits).
 */
export function checkTaxId(country: string, value: string): string | null {
  const id = value.toUpperCase();
  switch (country) {
    case 'ES': {
      const r = validateSpanishTaxId(id.replace(/^ES/, ''));
      return r.ok ? r.normalised : null;
    }
    case 'PT': {
      const r = validatePortugueseNif(id.replace(/^PT/, ''));
      return r.ok ? `PT${r.normalised}` : null;
    }
    case 'IE': {
      const r = validateIrishVat(id);
      return r.ok ? (r.normalised.startsWith('IE') ? r.normalised : `IE${r.normalised}`) : null;
    }
    case 'GB':
      return /^GB(\d{9}|\d{12})$/.test(id.replace(/\s/g, '')) ? id.replace(/\s/g, '') : null;
    default:
      return id.length >= 3 ? id : null;
  }
}
