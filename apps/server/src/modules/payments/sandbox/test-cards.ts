/** What the sandbox does with a card number, like a real provider's published test cards. */
export type CardBehaviour =
  | { kind: 'approve'; threeDs: 'none' | 'frictionless' }
  | { kind: 'challenge' }
  | { kind: 'decline'; code: 'card_declined' | 'insufficient_funds' };

export const TEST_CARDS: ReadonlyArray<{ number: string; behaviour: CardBehaviour; label: string }> = [
  { number: '4242424242424242', behaviour: { kind: 'approve', threeDs: 'none' }, label: 'success' },
  { number: '4000000000003063', behaviour: { kind: 'approve', threeDs: 'frictionless' }, label: '3ds_frictionless' },
  { number: '4000000000003220', behaviour: { kind: 'challenge' }, label: '3ds_challenge' },
  { number: '4000000000000002', behaviour: { kind: 'decline', code: 'card_declined' }, label: 'declined' },
  {
    number: '4000000000009995',
    behaviour: { kind: 'decline', code: 'insufficient_funds' },
    label: 'insufficient_funds',
  },
];

/** The one-time code the 3-D Secure challenge page accepts. */
export const CHALLENGE_CODE = '123456';

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** Any other valid card number is approved without 3-D Secure. */
export function behaviourOf(digits: string): CardBehaviour {
  return TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? { kind: 'approve', threeDs: 'none' };
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;

/** Checks the card form as a provider's page would; returns the fields in error. */
export function validateCard(form: CardForm, now: Date): CardField[] {
  const bad: CardField[] = [];
  const digits = form.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) bad.push('number');
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!m || month < 1 || month > 12 || expired) bad.push('expiry');
  if (!/^\d{3,4}$/.test(form.cvc.trim())) bad.push('cvc');
  if (!form.name.trim()) bad.push('name');
  return bad;
}
