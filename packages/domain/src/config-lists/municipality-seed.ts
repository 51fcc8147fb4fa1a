// How the municipalities list is filled from the INE data the project ships (catalog/geo/es-municipalities.json) and
// mapped to the registries' seed (catalog/config-lists/registros.json): pure rules, table-tested; the server's seeder
// only reads the files and inserts what these functions return (docs/backoffice.md, "Seed data").

/** A municipality as the INE names it: code (province + CMUN) and official name ("Ayala/Aiara" when bilingual). */
export interface IneMunicipality {
  code: string;
  name: string;
}

/** A registry of the seed: its town and province as the registrars' directory names them. */
export interface RegistryTown {
  localidad: string;
  provincia: string;
}

/** A row of the municipios list, and the aliases that point at it. */
export interface MunicipioSeed {
  nombre_landing: string;
  alias_landing: string;
  provincia_landing: string;
  nombre_registradores: string;
  nombre_registradores2: string | null;
  aliases: string[];
}

/** Lower case, no accents, for comparing names ("València" = "Valencia"). */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The forms of an official name: "Ayala/Aiara" -> ["Ayala", "Aiara"]; a one-language name -> [name]. */
export function nameVariants(official: string): string[] {
  const parts = official
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts : [official.trim()];
}

/** A web address part: "Alcalá de Henares" -> "alcala-de-henares", "L'Hospitalet" -> "l-hospitalet". */
export function landingSlug(name: string): string {
  return foldName(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The registrars' spelling of a town that the INE spells otherwise and no folding matches (the registries' seed
 * names "Palma de Mallorca" what the INE calls "Palma", 07040).
 */
const REGISTRY_TOWN_CODES: Readonly<Record<string, string>> = { 'palma de mallorca': '07040' };

/** Whether a registry's province is this INE province ("Alicante" is a form of "Alicante/Alacant"). */
function sameProvince(registry: string, ineProvince: string): boolean {
  return nameVariants(ineProvince).some((v) => foldName(v) === foldName(registry));
}

/**
 * The municipios rows of a province set: the landing name is the official name's first form, its slug the landing
 * alias, the province the INE's; the registrars' name is the registries' own spelling of the town where a registry of
 * the seed is there (matched by province and any form of the name, accents ignored), the official name otherwise; the
 * second registrars' name is the other language's form. Aliases: the other forms and the registries' spelling, each
 * only once in the whole list (an alias two municipalities share says nothing, so it is left out).
 */
export function municipioSeeds(
  municipalities: readonly IneMunicipality[],
  provinces: ReadonlyMap<string, string>,
  registries: readonly RegistryTown[],
): MunicipioSeed[] {
  // The registries by folded town name (and by INE code for the spellings no folding matches), looked up per
  // municipality instead of scanning them all 8,000 times.
  const byTown = new Map<string, RegistryTown[]>();
  for (const r of registries) {
    const town = foldName(r.localidad);
    const code = REGISTRY_TOWN_CODES[town];
    for (const key of [town, ...(code ? [`#${code}`] : [])]) byTown.set(key, [...(byTown.get(key) ?? []), r]);
  }
  const rows = municipalities.flatMap((m) => {
    const province = provinces.get(m.code.slice(0, 2));
    if (!province) return [];
    const variants = nameVariants(m.name);
    const folded = variants.map(foldName);
    const registry = [...folded, `#${m.code}`]
      .flatMap((key) => byTown.get(key) ?? [])
      .find((r) => sameProvince(r.provincia, province));
    const landing = variants[0]!;
    const registrars = registry ? registry.localidad : landing;
    const aliases = [
      ...variants.slice(1),
      // A spelling that is the landing name's (accents ignored) is dropped below.
      ...(registry ? [registry.localidad] : []),
    ];
    return [
      {
        nombre_landing: landing,
        alias_landing: landingSlug(landing),
        provincia_landing: province,
        nombre_registradores: registrars,
        // The other form than the registrars' one, accents ignored ("Castello de la Plana" is the Valencian form).
        nombre_registradores2:
          variants.find((v) => foldName(v) !== foldName(registrars) && v !== landing) ??
          (registrars !== landing ? landing : null),
        aliases: [...new Set(aliases.filter((a) => foldName(a) !== foldName(landing)))],
      },
    ];
  });
  const counts = new Map<string, number>();
  for (const row of rows) for (const a of row.aliases) counts.set(foldName(a), (counts.get(foldName(a)) ?? 0) + 1);
  return rows.map((row) => ({ ...row, aliases: row.aliases.filter((a) => counts.get(foldName(a)) === 1) }));
}
