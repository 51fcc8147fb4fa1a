/**
 * A company's initials (spec: first letters of words, uppercase, at most 2): "Construcciones López SL" -> "CL".
 * Words are runs of letters or digits; punctuation and spaces separate them. Empty when the name has no word.
 */
export function companyInitials(name: string): string {
  const words = name.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  const initials = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('es'))
    .join('');
  // Upper-casing may lengthen a letter ("ß" -> "SS"): still at most 2.
  return Array.from(initials).slice(0, 2).join('');
}
