/** Test data of the sandbox's non-card methods, published on its pages like a provider's test documentation. */

/** The one-time code the Bizum page accepts (any other code is wrong; three wrong codes fail the payment). */
export const BIZUM_TEST_CODE = '112233';
/** How long a Bizum one-time code is valid. */
export const BIZUM_CODE_TTL_S = 300;
export const BIZUM_MAX_ATTEMPTS = 3;

/** The sandbox's Multibanco entities and sub-entities (5 + 3 digits), one per method that issues references. */
export const MULTIBANCO_ENTITIES = {
  multibanco: { entity: '12345', subEntity: '999' },
  sibsmb: { entity: '21800', subEntity: '001' },
} as const;

export type SandboxMethod = 'cc' | 'paypal' | 'bizum' | 'multibanco' | 'sibsmb' | 'sibsmbway';

export function isSandboxMethod(value: string): value is SandboxMethod {
  return ['cc', 'paypal', 'bizum', 'multibanco', 'sibsmb', 'sibsmbway'].includes(value);
}
