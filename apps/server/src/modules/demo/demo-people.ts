// Who the demo orders belong to and where their properties are: realistic Spanish, Portuguese and Irish names and
// places (real municipality and parish codes of catalog/geo). Demo e-mail addresses use the reserved example domains
// (RFC 2606), so a demo order can never e-mail a real person.

/** A demo store: the shop an order is placed in, and the nationality of its customers. */
export type DemoStoreId = 1 | 16 | 17;

export const DEMO_STORES: readonly DemoStoreId[] = [1, 16, 17];

export const FIRST_NAMES: Record<DemoStoreId, readonly string[]> = {
  1: [
    'María',
    'Carmen',
    'Lucía',
    'Javier',
    'Antonio',
    'José Luis',
    'Manuel',
    'Laura',
    'Marta',
    'Pablo',
    'Sergio',
    'Elena',
    'Alejandro',
    'Cristina',
    'Raúl',
    'Pilar',
    'Francisco',
    'Isabel',
    'Andrés',
    'Nuria',
    'Rocío',
    'Álvaro',
    'Beatriz',
    'Jorge',
    'Teresa',
    'Diego',
    'Inés',
    'Miguel Ángel',
    'Paula',
    'Fernando',
  ],
  16: [
    'João',
    'Maria',
    'Ana',
    'Pedro',
    'Tiago',
    'Inês',
    'Beatriz',
    'Rui',
    'Miguel',
    'Catarina',
    'Francisca',
    'Gonçalo',
    'Rita',
    'Diogo',
    'Sofia',
    'Luís',
    'Mariana',
    'Nuno',
    'Joana',
    'Filipe',
  ],
  17: [
    'Aoife',
    'Ciarán',
    'Niamh',
    'Seán',
    'Siobhán',
    'Conor',
    'Orla',
    'Patrick',
    'Róisín',
    'Declan',
    'Sinéad',
    'Eoin',
    'Mary',
    'John',
    'Fiona',
  ],
};

export const LAST_NAMES: Record<DemoStoreId, readonly string[]> = {
  1: [
    'García',
    'Fernández',
    'González',
    'Rodríguez',
    'López',
    'Martínez',
    'Sánchez',
    'Pérez',
    'Gómez',
    'Martín',
    'Jiménez',
    'Ruiz',
    'Hernández',
    'Díaz',
    'Moreno',
    'Muñoz',
    'Álvarez',
    'Romero',
    'Alonso',
    'Gutiérrez',
    'Navarro',
    'Torres',
    'Domínguez',
    'Vázquez',
    'Ramos',
    'Gil',
    'Ramírez',
    'Serrano',
    'Blanco',
    'Molina',
  ],
  16: [
    'Silva',
    'Santos',
    'Ferreira',
    'Pereira',
    'Oliveira',
    'Costa',
    'Rodrigues',
    'Martins',
    'Sousa',
    'Fernandes',
    'Gonçalves',
    'Gomes',
    'Lopes',
    'Marques',
    'Alves',
    'Almeida',
    'Ribeiro',
    'Pinto',
    'Carvalho',
    'Teixeira',
  ],
  17: [
    'Murphy',
    'Kelly',
    "O'Sullivan",
    'Walsh',
    'Smith',
    "O'Brien",
    'Byrne',
    'Ryan',
    "O'Connor",
    "O'Neill",
    'Doyle',
    'McCarthy',
    'Gallagher',
    'Kennedy',
    'Lynch',
  ],
};

/** Reserved example domains (RFC 2606): demo mail goes nowhere. */
export const EMAIL_DOMAINS: readonly string[] = ['example.com', 'example.net', 'example.org'];

/** A Spanish place: the province as the forms name it, and its INE municipality code. */
export interface SpanishPlace {
  province: string;
  municipality: string;
  city: string;
}

export const SPANISH_PLACES: readonly SpanishPlace[] = [
  { province: 'Madrid', municipality: '28079', city: 'Madrid' },
  { province: 'Madrid', municipality: '28005', city: 'Alcalá de Henares' },
  { province: 'Barcelona', municipality: '08019', city: 'Barcelona' },
  { province: 'Valencia/València', municipality: '46250', city: 'València' },
  { province: 'Sevilla', municipality: '41091', city: 'Sevilla' },
  { province: 'Sevilla', municipality: '41038', city: 'Dos Hermanas' },
  { province: 'Málaga', municipality: '29067', city: 'Málaga' },
  { province: 'Málaga', municipality: '29069', city: 'Marbella' },
  { province: 'Zaragoza', municipality: '50297', city: 'Zaragoza' },
  { province: 'Bizkaia', municipality: '48020', city: 'Bilbao' },
  { province: 'Alicante/Alacant', municipality: '03014', city: 'Alicante' },
  { province: 'Murcia', municipality: '30030', city: 'Murcia' },
  { province: 'Illes Balears', municipality: '07040', city: 'Palma' },
  { province: 'Granada', municipality: '18087', city: 'Granada' },
  { province: 'Valladolid', municipality: '47186', city: 'Valladolid' },
  { province: 'A Coruña', municipality: '15030', city: 'A Coruña' },
  { province: 'Pontevedra', municipality: '36057', city: 'Vigo' },
  { province: 'Córdoba', municipality: '14021', city: 'Córdoba' },
  { province: 'Salamanca', municipality: '37274', city: 'Salamanca' },
  { province: 'Cantabria', municipality: '39075', city: 'Santander' },
];

export const SPANISH_STREETS: readonly string[] = [
  'Calle Mayor',
  'Calle Real',
  'Avenida de la Constitución',
  'Calle de Alcalá',
  'Paseo de Gracia',
  'Calle San Fernando',
  'Avenida de Andalucía',
  'Calle del Carmen',
  'Plaza de España',
  'Calle Colón',
  'Ronda de Triana',
  'Calle Larios',
  'Avenida del Puerto',
  'Calle de la Paz',
];

/** A Portuguese place: the district as the forms name it, the concelho and the freguesia codes. */
export interface PortuguesePlace {
  district: string;
  concelho: string;
  freguesia: string;
  city: string;
}

export const PORTUGUESE_PLACES: readonly PortuguesePlace[] = [
  { district: 'Lisboa', concelho: '1106', freguesia: '110656', city: 'Lisboa' },
  { district: 'Lisboa', concelho: '1106', freguesia: '110601', city: 'Lisboa' },
  { district: 'Lisboa', concelho: '1109', freguesia: '110906', city: 'Ericeira' },
  { district: 'Porto', concelho: '1312', freguesia: '131217', city: 'Porto' },
  { district: 'Porto', concelho: '1312', freguesia: '131210', city: 'Porto' },
  { district: 'Braga', concelho: '0303', freguesia: '030301', city: 'Braga' },
  { district: 'Coimbra', concelho: '0603', freguesia: '060311', city: 'Coimbra' },
  { district: 'Faro', concelho: '0805', freguesia: '080506', city: 'Faro' },
  { district: 'Setúbal', concelho: '1508', freguesia: '150803', city: 'Pinhal Novo' },
];

export const PORTUGUESE_STREETS: readonly string[] = [
  'Rua Augusta',
  'Avenida da Liberdade',
  'Rua de Santa Catarina',
  'Rua do Ouro',
  'Avenida dos Aliados',
  'Rua Direita',
  'Largo do Carmo',
  'Rua da Prata',
];

export const IRISH_COUNTIES: ReadonlyArray<{ county: string; town: string; eircode: string }> = [
  { county: 'Dublin', town: 'Dublin 4', eircode: 'D04 X2Y7' },
  { county: 'Dublin', town: 'Dún Laoghaire', eircode: 'A96 K2P3' },
  { county: 'Cork', town: 'Cork', eircode: 'T12 AB34' },
  { county: 'Galway', town: 'Galway', eircode: 'H91 E2K8' },
  { county: 'Limerick', town: 'Limerick', eircode: 'V94 T9PX' },
  { county: 'Kerry', town: 'Killarney', eircode: 'V93 C9R2' },
];

export const IRISH_STREETS: readonly string[] = [
  'Main Street',
  'Church Road',
  'Strand Road',
  'Harbour View',
  'Castle Street',
  'Marine Terrace',
];

/** Lower-case ASCII for e-mail local parts: "José Luis" -> "joseluis", "O'Brien" -> "obrien". */
export function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A Spanish DNI with its check letter (mod 23), from any number below 10^8. */
export function dni(n: number): string {
  const number = Math.abs(Math.trunc(n)) % 100_000_000;
  return `${String(number).padStart(8, '0')}${DNI_LETTERS[number % 23]}`;
}

/** A Portuguese NIF (9 digits, mod 11 check digit) starting with 1 or 2 (individuals). */
export function nif(n: number): string {
  const body = `${1 + (Math.abs(Math.trunc(n)) % 2)}${String(Math.abs(Math.trunc(n)) % 10_000_000).padStart(7, '0')}`;
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (9 - i), 0);
  const check = 11 - (sum % 11);
  return `${body}${check >= 10 ? 0 : check}`;
}

/** A small deterministic random source (mulberry32): the same seed gives the same demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one element with a random source. */
export function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
