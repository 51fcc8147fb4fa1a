import {
  checkRecordKey,
  CONFIG_LIST_KEYS,
  CONFIG_LISTS,
  csvSafeCell,
  csvUnsafeCell,
  fieldText,
  validateRecord,
  type ConfigFieldError,
  type ConfigListDef,
  type ConfigListKey,
  type FieldValue,
  type MunicipioSeed,
  type RecordValues,
} from '@ventanilla/domain';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../shared/app-error.js';

/** A record as the API shows it: its key, its fields (money as "25.12"), version, active and last change. */
export type RecordOut = Record<string, FieldValue> & {
  key: string;
  version: number;
  active: boolean;
  updated_at: string;
};

/** A refused import row: the CSV line (1 = header) and the field. */
export interface ImportRowError extends ConfigFieldError {
  line: number;
}

export class ConfigListError extends Error {
  constructor(readonly errors: ConfigFieldError[]) {
    super('config list record refused');
  }
}

export class ConfigImportError extends Error {
  constructor(readonly rows: ImportRowError[]) {
    super('config list import refused');
  }
}

/** Largest CSV import, in data rows. */
export const MAX_IMPORT_ROWS = 5000;

/** Columns of other tables that point at a list's key: a referenced record is deactivated, not deleted. */
const EXTERNAL_REFERENCES: Partial<Record<ConfigListKey, { table: string; column: string }[]>> = {
  providers: [{ table: 'order_items', column: 'provider_id' }],
  // A payment with files keeps them (and their history): it is deactivated, not deleted.
  provider_payments: [{ table: 'config_provider_payment_files', column: 'payment_id' }],
};

const id = (name: string) => sql.identifier(name);
const columnsOf = (list: ConfigListDef) => [list.idField, ...list.fields.map((f) => f.name)];

function keyValue(list: ConfigListDef, key: string): string | number {
  return list.idKind === 'serial' ? Number(key) : key;
}

function toOut(list: ConfigListDef, row: Record<string, unknown>): RecordOut {
  const out: Record<string, unknown> = { key: String(row[list.idField]) };
  out[list.idField] = list.idKind === 'serial' ? Number(row[list.idField]) : row[list.idField];
  for (const f of list.fields) {
    const v = row[f.name] ?? null;
    out[f.name] = f.type === 'money' && typeof v === 'number' ? fieldText(f, v) : (v as FieldValue);
  }
  out.version = Number(row.version);
  out.active = Boolean(row.active);
  out.updated_at = new Date(row.updated_at as string | Date).toISOString();
  return out as RecordOut;
}

/** The stored values of a row (money in cents), for validation of updates and the history. */
function storedValues(list: ConfigListDef, row: Record<string, unknown>): RecordValues {
  return Object.fromEntries(list.fields.map((f) => [f.name, (row[f.name] ?? null) as FieldValue]));
}

function sqlValue(list: ConfigListDef, name: string, value: FieldValue): SQL {
  const field = list.fields.find((f) => f.name === name);
  return field?.type === 'list' ? sql`${JSON.stringify(value ?? [])}::jsonb` : sql`${value}`;
}

/**
 * The generic store of every configuration list (one table each, described by the domain): list with search and
 * paging, read, create, update with a version check, delete or deactivate, history, CSV export and all-or-nothing
 * CSV import. Every write records the record before and after in config_list_history.
 */
export class ConfigListsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(key: ConfigListKey, query: { search?: string; page: number; size: number; active?: boolean }) {
    const list = CONFIG_LISTS[key];
    const where: SQL[] = [];
    if (query.search) {
      const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
      const searchable = [list.idField, ...list.fields.filter((f) => f.searchable).map((f) => f.name)];
      where.push(
        sql`(${sql.join(
          searchable.map((c) => sql`lower(${id(c)}::text) LIKE ${like}`),
          sql` OR `,
        )})`,
      );
    }
    if (query.active !== undefined) where.push(sql`active = ${query.active}`);
    const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    const offset = (query.page - 1) * query.size;
    const rows = await this.db.execute(
      sql`SELECT * FROM ${id(list.table)} ${condition} ORDER BY ${id(list.idField)} LIMIT ${query.size} OFFSET ${offset}`,
    );
    const counted = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${id(list.table)} ${condition}`,
    );
    return {
      items: rows.rows.map((r) => toOut(list, r)),
      total: Number(counted.rows[0]?.n ?? 0),
      page: query.page,
      per_page: query.size,
    };
  }

  private async row(tx: DbOrTx, list: ConfigListDef, key: string, lock = false) {
    const result = await tx.execute(
      sql`SELECT * FROM ${id(list.table)} WHERE ${id(list.idField)} = ${keyValue(list, key)} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return result.rows[0];
  }

  private parseKey(list: ConfigListDef, raw: string): string {
    const key = checkRecordKey(list, raw);
    if (key === null) throw new AppError('NOT_FOUND', `no ${list.key} record ${JSON.stringify(raw)}`);
    return key;
  }

  async get(key: ConfigListKey, rawKey: string): Promise<RecordOut> {
    const list = CONFIG_LISTS[key];
    const row = await this.row(this.db, list, this.parseKey(list, rawKey));
    if (!row) throw new AppError('NOT_FOUND', `no ${key} record ${rawKey}`);
    return toOut(list, row);
  }

  /** Unique sets and references of a record; `self` is the record's own key when it already exists. */
  private async constraintErrors(tx: DbOrTx, list: ConfigListDef, values: RecordValues, self: string | null) {
    const errors: ConfigFieldError[] = [];
    for (const set of list.unique) {
      if (set.some((name) => values[name] === null)) continue;
      const same = set.map((name) => sql`${id(name)} = ${sqlValue(list, name, values[name] ?? null)}`);
      if (self !== null) same.push(sql`${id(list.idField)} <> ${keyValue(list, self)}`);
      const found = await tx.execute(sql`SELECT 1 FROM ${id(list.table)} WHERE ${sql.join(same, sql` AND `)} LIMIT 1`);
      if (found.rows.length > 0) errors.push({ field: set[0]!, code: 'duplicate' });
    }
    for (const field of list.fields) {
      const value = values[field.name];
      if (!field.references || value === null || value === undefined) continue;
      const target = CONFIG_LISTS[field.references];
      const found = await tx.execute(
        sql`SELECT 1 FROM ${id(target.table)} WHERE ${id(target.idField)}::text = ${String(value)} LIMIT 1`,
      );
      if (found.rows.length === 0) errors.push({ field: field.name, code: 'unknown_reference' });
    }
    return errors;
  }

  /** Records a change made outside the generic writes (a provider payment's files) in the list's history. */
  recordHistory(
    tx: DbOrTx,
    key: ConfigListKey,
    recordKey: string,
    action: string,
    userId: number,
    before: RecordValues | null,
    after: RecordValues | null,
  ) {
    return this.history(tx, CONFIG_LISTS[key], recordKey, action, userId, before, after);
  }

  private async history(
    tx: DbOrTx,
    list: ConfigListDef,
    key: string,
    action: string,
    userId: number,
    before: RecordValues | null,
    after: RecordValues | null,
  ) {
    await tx.execute(sql`
      INSERT INTO config_list_history (list, record_key, action, user_id, at, before, after)
      VALUES (${list.key}, ${key}, ${action}, ${userId}, ${this.now()},
              ${before ? JSON.stringify(before) : null}::jsonb, ${after ? JSON.stringify(after) : null}::jsonb)`);
  }

  private async insert(tx: DbOrTx, list: ConfigListDef, key: string | null, values: RecordValues): Promise<string> {
    const names = [...(key !== null ? [list.idField] : []), ...list.fields.map((f) => f.name)];
    const vals = [
      ...(key !== null ? [sql`${keyValue(list, key)}`] : []),
      ...list.fields.map((f) => sqlValue(list, f.name, values[f.name] ?? null)),
    ];
    const now = this.now();
    const result = await tx.execute(sql`
      INSERT INTO ${id(list.table)} (${sql.join(names.map(id), sql`, `)}, created_at, updated_at)
      VALUES (${sql.join(vals, sql`, `)}, ${now}, ${now}) RETURNING ${id(list.idField)} AS key`);
    return String(result.rows[0]!.key);
  }

  private async write(tx: DbOrTx, list: ConfigListDef, key: string, values: RecordValues, active?: boolean) {
    const sets = list.fields.map((f) => sql`${id(f.name)} = ${sqlValue(list, f.name, values[f.name] ?? null)}`);
    if (active !== undefined) sets.push(sql`active = ${active}`);
    await tx.execute(sql`
      UPDATE ${id(list.table)} SET ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = ${this.now()}
      WHERE ${id(list.idField)} = ${keyValue(list, key)}`);
  }

  async create(key: ConfigListKey, input: Record<string, unknown>, userId: number): Promise<RecordOut> {
    const list = CONFIG_LISTS[key];
    const { [list.idField]: rawKey, ...fields } = input;
    const errors: ConfigFieldError[] = [];
    let recordKey: string | null = null;
    if (list.idKind === 'text') {
      recordKey = checkRecordKey(list, rawKey);
      if (recordKey === null) errors.push({ field: list.idField, code: rawKey ? 'invalid_key' : 'required' });
    } else if (rawKey !== undefined) {
      errors.push({ field: list.idField, code: 'unknown_field' });
    }
    const checked = validateRecord(list, fields);
    if (!checked.ok) errors.push(...checked.errors);
    if (errors.length > 0 || !checked.ok) throw new ConfigListError(errors);
    return this.db.transaction(async (tx) => {
      const more = await this.constraintErrors(tx, list, checked.values, null);
      if (recordKey !== null && (await this.row(tx, list, recordKey)))
        more.unshift({ field: list.idField, code: 'duplicate' });
      if (more.length > 0) throw new ConfigListError(more);
      const created = await this.insert(tx, list, recordKey, checked.values);
      await this.history(tx, list, created, 'create', userId, null, checked.values);
      return toOut(list, (await this.row(tx, list, created))!);
    });
  }

  async update(
    key: ConfigListKey,
    rawKey: string,
    input: Record<string, unknown>,
    version: number,
    userId: number,
  ): Promise<RecordOut> {
    const list = CONFIG_LISTS[key];
    const recordKey = this.parseKey(list, rawKey);
    const { active, ...fields } = input;
    if (active !== undefined && typeof active !== 'boolean')
      throw new ConfigListError([{ field: 'active', code: 'invalid_boolean' }]);
    return this.db.transaction(async (tx) => {
      const row = await this.row(tx, list, recordKey, true);
      if (!row) throw new AppError('NOT_FOUND', `no ${key} record ${rawKey}`);
      if (Number(row.version) !== version)
        throw new AppError('VERSION_CONFLICT', `${key} ${rawKey} is at ${String(row.version)}`);
      const before = storedValues(list, row);
      const checked = validateRecord(list, fields, before);
      if (!checked.ok) throw new ConfigListError(checked.errors);
      const more = await this.constraintErrors(tx, list, checked.values, recordKey);
      if (more.length > 0) throw new ConfigListError(more);
      await this.write(tx, list, recordKey, checked.values, active);
      const after = await this.row(tx, list, recordKey);
      await this.history(
        tx,
        list,
        recordKey,
        'update',
        userId,
        { ...before, active: Boolean(row.active) },
        {
          ...checked.values,
          active: Boolean(after!.active),
        },
      );
      return toOut(list, after!);
    });
  }

  /** Whether anything points at a record: other lists' fields and EXTERNAL_REFERENCES. */
  private async referenced(tx: DbOrTx, list: ConfigListDef, key: string): Promise<boolean> {
    const refs = [
      ...CONFIG_LIST_KEYS.flatMap((k) =>
        CONFIG_LISTS[k].fields
          .filter((f) => f.references === list.key)
          .map((f) => ({ table: CONFIG_LISTS[k].table, column: f.name })),
      ),
      ...(EXTERNAL_REFERENCES[list.key] ?? []),
    ];
    for (const ref of refs) {
      const found = await tx.execute(
        sql`SELECT 1 FROM ${id(ref.table)} WHERE ${id(ref.column)}::text = ${key} LIMIT 1`,
      );
      if (found.rows.length > 0) return true;
    }
    return false;
  }

  /** Deletes a record, or deactivates it while something refers to it (an order's provider, a registry's certificates). */
  async remove(key: ConfigListKey, rawKey: string, version: number | undefined, userId: number) {
    const list = CONFIG_LISTS[key];
    const recordKey = this.parseKey(list, rawKey);
    return this.db.transaction(async (tx) => {
      const row = await this.row(tx, list, recordKey, true);
      if (!row) throw new AppError('NOT_FOUND', `no ${key} record ${rawKey}`);
      if (version !== undefined && Number(row.version) !== version) throw new AppError('VERSION_CONFLICT');
      const before = storedValues(list, row);
      if (await this.referenced(tx, list, recordKey)) {
        await tx.execute(sql`
          UPDATE ${id(list.table)} SET active = false, version = version + 1, updated_at = ${this.now()}
          WHERE ${id(list.idField)} = ${keyValue(list, recordKey)}`);
        await this.history(tx, list, recordKey, 'deactivate', userId, before, null);
        return { key: recordKey, outcome: 'deactivated' as const };
      }
      await tx.execute(sql`DELETE FROM ${id(list.table)} WHERE ${id(list.idField)} = ${keyValue(list, recordKey)}`);
      await this.history(tx, list, recordKey, 'delete', userId, before, null);
      return { key: recordKey, outcome: 'deleted' as const };
    });
  }

  async historyOf(key: ConfigListKey, rawKey: string) {
    const list = CONFIG_LISTS[key];
    const recordKey = this.parseKey(list, rawKey);
    const result = await this.db.execute<{
      id: number;
      action: string;
      user_id: number | null;
      user_name: string | null;
      at: string | Date;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(sql`
      SELECT h.id, h.action, h.user_id, trim(u.firstname || ' ' || u.lastname) AS user_name, h.at, h.before, h.after
      FROM config_list_history h LEFT JOIN users u ON u.id = h.user_id
      WHERE h.list = ${key} AND h.record_key = ${recordKey} ORDER BY h.id DESC LIMIT 200`);
    return result.rows.map((r) => {
      const before = r.before ?? {};
      const after = r.after ?? {};
      const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
      const changes = names
        .filter((n) => JSON.stringify(before[n] ?? null) !== JSON.stringify(after[n] ?? null))
        .map((n) => ({ field: n, old: display(list, n, before[n]), new: display(list, n, after[n]) }));
      return {
        id: Number(r.id),
        action: r.action,
        user_id: r.user_id,
        user_name: r.user_name,
        at: new Date(r.at).toISOString(),
        changes: r.action === 'delete' || r.action === 'deactivate' ? [] : changes,
      };
    });
  }

  /** The whole list as CSV (header: the key, the fields, `active`); formula-looking cells are neutralised. */
  async exportCsv(key: ConfigListKey): Promise<string> {
    const list = CONFIG_LISTS[key];
    const rows = await this.db.execute(sql`SELECT * FROM ${id(list.table)} ORDER BY ${id(list.idField)}`);
    const header = [...columnsOf(list), 'active'];
    const body = rows.rows.map((row) => [
      String(row[list.idField]),
      ...list.fields.map((f) => fieldText(f, (row[f.name] ?? null) as FieldValue)),
      String(Boolean(row.active)),
    ]);
    return stringify(
      [header, ...body].map((r) => r.map(csvSafeCell)),
      { quoted_string: true, eof: true },
    );
  }

  /**
   * Imports a CSV (the export's shape; columns may be left out, `version` is ignored): rows with a known key update
   * that record, others create one. Every row is checked first; any error refuses the whole file (ConfigImportError
   * with line numbers); otherwise all rows are written in one transaction.
   */
  async importCsv(key: ConfigListKey, text: string, userId: number) {
    const list = CONFIG_LISTS[key];
    let records: { record: string[]; info: { lines: number } }[];
    try {
      records = parse(text, {
        bom: true,
        info: true,
        relax_column_count: false,
        skip_empty_lines: true,
      }) as unknown as typeof records;
    } catch (error) {
      const line = Number((error as { lines?: number }).lines ?? 1);
      throw new ConfigImportError([{ line, field: '', code: 'bad_csv' }]);
    }
    const [headerRecord, ...dataRecords] = records;
    if (!headerRecord) throw new ConfigImportError([{ line: 1, field: '', code: 'bad_csv' }]);
    const header = headerRecord.record.map((h) => csvUnsafeCell(h).trim());
    const known = new Set([...columnsOf(list), 'active', 'version']);
    const headerErrors: ImportRowError[] = header
      .map((h, i) => ({ h, i }))
      .filter(({ h, i }) => !known.has(h) || header.indexOf(h) !== i)
      .map(({ h }) => ({ line: 1, field: h, code: known.has(h) ? 'duplicate' : 'bad_header' }));
    if (list.idKind === 'text' && !header.includes(list.idField)) {
      headerErrors.push({ line: 1, field: list.idField, code: 'required' });
    }
    if (headerErrors.length > 0) throw new ConfigImportError(headerErrors);
    if (dataRecords.length > MAX_IMPORT_ROWS) {
      throw new ConfigImportError([{ line: 1, field: '', code: 'too_many_rows', params: { max: MAX_IMPORT_ROWS } }]);
    }
    return this.db.transaction(async (tx) => {
      const errors: ImportRowError[] = [];
      const plan: {
        line: number;
        key: string | null;
        values: RecordValues;
        before: RecordValues | null;
        active?: boolean;
      }[] = [];
      const seenKeys = new Set<string>();
      const seenUnique = list.unique.map(() => new Set<string>());
      for (const { record, info } of dataRecords) {
        const line = info.lines;
        const cells = Object.fromEntries(header.map((h, i) => [h, csvUnsafeCell(record[i] ?? '')]));
        const rowErrors: ConfigFieldError[] = [];
        const rawKey = (cells[list.idField] ?? '').trim();
        let recordKey: string | null = null;
        let current: Record<string, unknown> | undefined;
        if (rawKey !== '') {
          recordKey = checkRecordKey(list, rawKey);
          if (recordKey === null) rowErrors.push({ field: list.idField, code: 'invalid_key' });
          else if (seenKeys.has(recordKey)) rowErrors.push({ field: list.idField, code: 'duplicate' });
          else {
            seenKeys.add(recordKey);
            current = await this.row(tx, list, recordKey, true);
            if (!current && list.idKind === 'serial')
              rowErrors.push({ field: list.idField, code: 'unknown_reference' });
          }
        } else if (list.idKind === 'text') {
          rowErrors.push({ field: list.idField, code: 'required' });
        }
        const input = Object.fromEntries(
          list.fields.filter((f) => f.name in cells).map((f) => [f.name, cells[f.name]]),
        );
        const before = current ? storedValues(list, current) : null;
        const checked = validateRecord(list, input, before ?? undefined);
        let active: boolean | undefined;
        if ('active' in cells && cells.active!.trim() !== '') {
          const word = cells.active!.trim().toLowerCase();
          if (word === 'true' || word === 'false') active = word === 'true';
          else rowErrors.push({ field: 'active', code: 'invalid_boolean' });
        }
        if (!checked.ok) rowErrors.push(...checked.errors);
        else {
          rowErrors.push(...(await this.constraintErrors(tx, list, checked.values, current ? recordKey : null)));
          list.unique.forEach((set, i) => {
            const tuple = JSON.stringify(set.map((n) => checked.values[n] ?? null));
            if (set.every((n) => checked.values[n] !== null) && seenUnique[i]!.has(tuple)) {
              rowErrors.push({ field: set[0]!, code: 'duplicate' });
            }
            seenUnique[i]!.add(tuple);
          });
          plan.push({
            line,
            key: recordKey,
            values: checked.values,
            before,
            ...(active !== undefined ? { active } : {}),
          });
        }
        errors.push(...rowErrors.map((e) => ({ ...e, line })));
        if (errors.length >= 200) break;
      }
      if (errors.length > 0) throw new ConfigImportError(errors);
      let created = 0;
      let updated = 0;
      for (const step of plan) {
        if (step.before && step.key !== null) {
          await this.write(tx, list, step.key, step.values, step.active);
          await this.history(tx, list, step.key, 'import_update', userId, step.before, step.values);
          updated++;
        } else {
          const newKey = await this.insert(tx, list, step.key, step.values);
          if (step.active === false) {
            await tx.execute(
              sql`UPDATE ${id(list.table)} SET active = false WHERE ${id(list.idField)} = ${keyValue(list, newKey)}`,
            );
          }
          await this.history(tx, list, newKey, 'import_create', userId, null, step.values);
          created++;
        }
      }
      return { created, updated };
    });
  }

  /** Inserts seed records into an empty list (fresh installs), recorded in the history as user-less `seed`. */
  async seedIfEmpty(key: ConfigListKey, records: Record<string, unknown>[]) {
    const list = CONFIG_LISTS[key];
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${id(list.table)} IN EXCLUSIVE MODE`);
      const any = await tx.execute(sql`SELECT 1 FROM ${id(list.table)} LIMIT 1`);
      if (any.rows.length > 0) return;
      for (const record of records) {
        const { [list.idField]: rawKey, ...fields } = record;
        const checked = validateRecord(list, fields);
        if (!checked.ok) throw new Error(`seed ${key} ${String(rawKey)}: ${JSON.stringify(checked.errors)}`);
        await this.insert(tx, list, list.idKind === 'text' ? String(rawKey) : null, checked.values);
      }
    });
  }

  /**
   * Fills empty municipios and municipio_alias lists in one transaction (a fresh install): about 8,000 rows, so they
   * go in batches of multi-row INSERTs; each row is checked by the lists' own rules first (a bad row stops the boot).
   * The rows are made only when the lists are empty (`rows` a function): building them costs ~0.2 s of CPU, which
   * every start on an existing database paid.
   */
  async seedMunicipiosIfEmpty(makeRows: () => readonly MunicipioSeed[]): Promise<boolean> {
    const municipios = CONFIG_LISTS.municipios;
    const aliasList = CONFIG_LISTS.municipio_alias;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE config_municipios, config_municipio_alias IN EXCLUSIVE MODE`);
      const any = await tx.execute(
        sql`SELECT 1 FROM config_municipios UNION ALL SELECT 1 FROM config_municipio_alias LIMIT 1`,
      );
      if (any.rows.length > 0) return false;
      const rows = makeRows();
      for (const row of rows) {
        const { aliases, ...fields } = row;
        const checked = validateRecord(municipios, fields);
        if (!checked.ok) throw new Error(`seed municipios ${row.nombre_landing}: ${JSON.stringify(checked.errors)}`);
        for (const alias of aliases) {
          const checkedAlias = validateRecord(aliasList, { alias, municipio: 1 });
          if (!checkedAlias.ok) throw new Error(`seed alias ${alias}: ${JSON.stringify(checkedAlias.errors)}`);
        }
      }
      const now = this.now();
      const ids = new Map<string, number>();
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        const inserted = await tx.execute<{ id: number; nombre_landing: string; provincia_landing: string }>(sql`
          INSERT INTO config_municipios
            (nombre_landing, alias_landing, provincia_landing, nombre_registradores, nombre_registradores2, created_at, updated_at)
          VALUES ${sql.join(
            chunk.map(
              (r) =>
                sql`(${r.nombre_landing}, ${r.alias_landing}, ${r.provincia_landing}, ${r.nombre_registradores}, ${r.nombre_registradores2}, ${now}, ${now})`,
            ),
            sql`, `,
          )}
          RETURNING id, nombre_landing, provincia_landing`);
        for (const r of inserted.rows) ids.set(`${r.nombre_landing}\u0000${r.provincia_landing}`, Number(r.id));
      }
      const aliases = rows.flatMap((r) =>
        r.aliases.map((alias) => ({ alias, municipio: ids.get(`${r.nombre_landing}\u0000${r.provincia_landing}`)! })),
      );
      for (let i = 0; i < aliases.length; i += 1000) {
        const chunk = aliases.slice(i, i + 1000);
        await tx.execute(sql`
          INSERT INTO config_municipio_alias (alias, municipio, created_at, updated_at)
          VALUES ${sql.join(
            chunk.map((a) => sql`(${a.alias}, ${a.municipio}, ${now}, ${now})`),
            sql`, `,
          )}`);
      }
      return true;
    });
  }

  /** The active IP records, for the sign-in check (signInIpDecision). */
  async activeIpRules(): Promise<{ ip: string; purpose: string }[]> {
    const rows = await this.db.execute<{ ip: string; purpose: string }>(
      sql`SELECT ip, purpose FROM config_ips WHERE active`,
    );
    return rows.rows;
  }

  /** Whether a provider id names an active provider (the "change provider" action). */
  async isActiveProvider(providerId: string): Promise<boolean> {
    const found = await this.db.execute(
      sql`SELECT 1 FROM config_providers WHERE id = ${providerId} AND active LIMIT 1`,
    );
    return found.rows.length > 0;
  }
}

function display(list: ConfigListDef, name: string, value: unknown): string {
  const field = list.fields.find((f) => f.name === name);
  if (value === undefined || value === null) return '';
  if (!field) return String(value);
  return fieldText(field, value as FieldValue);
}
