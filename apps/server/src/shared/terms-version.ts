import { createHash } from 'node:crypto';
import { TERMS_UPDATED, termsCanonicalText, type Language } from '@ventanilla/domain';

/** A version of the terms of sale as an order keeps it: the date, the SHA-256 (hex) of the text, its language. */
export interface TermsVersion {
  version: string;
  hash: string;
  language: Language;
}

const cache = new Map<Language, TermsVersion>();

/** The terms of sale a customer of a store in `language` accepts today (one text per language, in the domain). */
export function currentTermsVersion(language: Language): TermsVersion {
  let found = cache.get(language);
  if (!found) {
    const hash = createHash('sha256').update(termsCanonicalText(language), 'utf8').digest('hex');
    found = { version: TERMS_UPDATED, hash, language };
    cache.set(language, found);
  }
  return found;
}
