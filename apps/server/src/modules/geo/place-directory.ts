import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalisePlaceCode, type Place, type PlaceKind, type PlaceLookup } from '@ventanilla/domain';

/** catalog/geo: the versioned data sets (docs/geo-data.md). */
export const DEFAULT_GEO_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../catalog/geo');

interface DataFile {
  version: string;
  source: string;
  columns: string[];
  items: string[][];
}

/** A place with what search needs, computed once. */
interface Entry extends Place {
  /** Accent-free, lower-case name ("a coruna"). */
  folded: string;
  /** The same without a leading article ("coruna"): people type names without it. */
  bare: string;
  /** Its words ("a", "coruna"): a query word must start one of them. */
  words: string[];
}

export interface PlaceSearch {
  kind: PlaceKind;
  /** Typed text: words matched as prefixes of the name's words, accents and case ignored; digits match codes. */
  q?: string;
  /** Only places in this province, district or concelho (a code). */
  within?: string;
  limit: number;
}

/** Lower case without accents: "Ávila" and "avila" compare equal, "A Coruña" holds "coruna". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const LEADING_ARTICLE = /^(?:el|la|los|las|a|o|as|os|les|els|es|sa|ses) |^l'/;

function wordsOf(folded: string): string[] {
  return folded.split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * The place data sets in memory (about 11,600 places, loaded once at boot): code look-ups for the engine
 * (PlaceLookup) and the pickers' search as you type.
 */
export class PlaceDirectory implements PlaceLookup {
  private readonly byKind = new Map<PlaceKind, Entry[]>();
  private readonly byCode = new Map<string, Entry>();
  readonly versions: Record<string, string> = {};

  constructor(dir: string = DEFAULT_GEO_DIR) {
    const read = (file: string): DataFile => {
      const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as DataFile;
      this.versions[file] = data.version;
      return data;
    };
    const provinces = read('es-provinces.json').items;
    const provinceName = new Map(provinces.map(([code, name]) => [code!, name!]));
    this.add(
      'es_province',
      provinces.map(([code, name]) => [code!, name!, null, null]),
    );
    this.add(
      'es_municipality',
      read('es-municipalities.json').items.map(([code, name]) => [
        code!,
        name!,
        code!.slice(0, 2),
        provinceName.get(code!.slice(0, 2)) ?? null,
      ]),
    );
    const districts = read('pt-districts.json').items;
    const districtName = new Map(districts.map(([code, name]) => [code!, name!]));
    this.add(
      'pt_district',
      districts.map(([code, name]) => [code!, name!, null, null]),
    );
    const concelhos = read('pt-municipalities.json').items;
    const concelhoName = new Map(concelhos.map(([code, name]) => [code!, name!]));
    this.add(
      'pt_municipality',
      concelhos.map(([code, name, district]) => [code!, name!, district!, districtName.get(district!) ?? null]),
    );
    this.add(
      'pt_parish',
      read('pt-parishes.json').items.map(([code, name]) => [
        code!,
        name!,
        code!.slice(0, 4),
        concelhoName.get(code!.slice(0, 4)) ?? null,
      ]),
    );
  }

  private add(kind: PlaceKind, rows: Array<[string, string, string | null, string | null]>): void {
    const collator = new Intl.Collator(kind.startsWith('pt') ? 'pt' : 'es');
    const entries = rows
      .map(([code, name, parentCode, parentName]) => {
        const folded = foldText(name);
        return {
          kind,
          code,
          name,
          parent_code: parentCode,
          parent_name: parentName,
          folded,
          bare: folded.replace(LEADING_ARTICLE, ''),
          words: wordsOf(folded),
        };
      })
      .sort((a, b) => collator.compare(a.name, b.name));
    this.byKind.set(kind, entries);
    for (const e of entries) this.byCode.set(`${kind}:${e.code}`, e);
  }

  /** How many places of a kind the data set holds. */
  count(kind: PlaceKind): number {
    return this.byKind.get(kind)?.length ?? 0;
  }

  find(kind: PlaceKind, code: string): Place | undefined {
    const normalised = normalisePlaceCode(kind, code);
    const entry = normalised === null ? undefined : this.byCode.get(`${kind}:${normalised}`);
    return entry ? placeOf(entry) : undefined;
  }

  /** Every place of a kind, in name order (provinces and districts lists). */
  all(kind: PlaceKind): Place[] {
    return (this.byKind.get(kind) ?? []).map(placeOf);
  }

  /**
   * Places whose name matches the typed words (or whose code starts with typed digits), best first: the whole name,
   * then names starting with the text, then the first word, then any word; ties in alphabetical order.
   */
  search({ kind, q = '', within, limit }: PlaceSearch): { items: Place[]; more: boolean } {
    const query = foldText(q.trim());
    const tokens = wordsOf(query);
    const digits = /^\d+$/.test(query.replace(/\s/g, '')) ? query.replace(/\s/g, '') : null;
    const inside = (e: Entry) =>
      !within ||
      e.parent_code === within ||
      (kind === 'pt_parish' && e.parent_code !== null && this.districtOfConcelho(e.parent_code) === within);
    const ranked: Array<{ entry: Entry; rank: number; order: number }> = [];
    (this.byKind.get(kind) ?? []).forEach((entry, order) => {
      if (!inside(entry)) return;
      const rank = digits !== null ? (entry.code.startsWith(digits) ? 0 : -1) : rankOf(entry, query, tokens);
      if (rank >= 0) ranked.push({ entry, rank, order });
    });
    ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
    return { items: ranked.slice(0, limit).map((r) => placeOf(r.entry)), more: ranked.length > limit };
  }

  private districtOfConcelho(dico: string): string | null {
    return this.byCode.get(`pt_municipality:${dico}`)?.parent_code ?? null;
  }
}

function rankOf(entry: Entry, query: string, tokens: string[]): number {
  if (tokens.length === 0) return 4;
  const words = entry.words;
  // Every typed word must start a distinct word of the name ("san lorenzo" finds "San Lorenzo de El Escorial").
  const used = new Set<number>();
  for (const token of tokens) {
    const at = words.findIndex((w, i) => !used.has(i) && w.startsWith(token));
    if (at < 0) return -1;
    used.add(at);
  }
  if (entry.folded === query || entry.bare === query) return 0;
  if (entry.folded.startsWith(query) || entry.bare.startsWith(query)) return 1;
  if (words[0]?.startsWith(tokens[0]!)) return 2;
  return 3;
}

function placeOf(e: Entry): Place {
  return { kind: e.kind, code: e.code, name: e.name, parent_code: e.parent_code, parent_name: e.parent_name };
}

let shared: PlaceDirectory | undefined;

/** The data sets of the repository, loaded on first use (app.ts loads them at boot). */
export function placeDirectory(): PlaceDirectory {
  shared ??= new PlaceDirectory();
  return shared;
}
