// The legal pages (aviso legal, privacidad, cookies, condiciones): their own chunk, all three languages' texts.
export { LegalRoute } from '../../features/legal/legal.route';
