import type { legalEs } from './es';

// English texts of `legal`.
export const legalEn: Record<keyof typeof legalEs, string> = {
  'legal.aviso-legal': 'Legal notice',
  'legal.privacidad': 'Privacy policy',
  'legal.cookies': 'Cookie policy',
  'legal.condiciones': 'Terms and conditions',
  'legal.otherPages': 'Other legal pages',
  'legal.updated': 'Last updated: {date}',
  'legal.loading': 'Loading the company details…',
  'legal.sellerUnavailable': 'We could not load the company details. Please reload the page.',
  'legal.supervisingAuthority': 'Authority supervising the activity: {authority}.',
};
