/**
 * The spec's rule for the nota simple and the property search: the owner is unknown when the name is blank or contains
 * the text "onocido" (desconocido, no conocido). Case-insensitive, so "DESCONOCIDO" counts too; a plain substring
 * test, as the spec says (a company called "Reconocido SL" counts as unknown: the customer then gives more data).
 */
export function isOwnerUnknown(name: string | null | undefined): boolean {
  const text = (name ?? '').trim();
  return text === '' || text.toLowerCase().includes('onocido');
}
