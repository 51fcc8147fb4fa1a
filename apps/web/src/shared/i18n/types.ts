import type { es } from './es';

/** Every UI text key; the Spanish catalogue is the reference set. */
export type MessageKey = keyof typeof es;

/** A complete catalogue: TypeScript rejects a missing or an extra key in en.ts and pt.ts. */
export type Catalogue = Record<MessageKey, string>;

export type MessageParams = Record<string, string | number>;
