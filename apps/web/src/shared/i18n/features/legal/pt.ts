import type { legalEs } from './es';

// Portuguese texts of `legal`.
export const legalPt: Record<keyof typeof legalEs, string> = {
  'legal.aviso-legal': 'Aviso legal',
  'legal.privacidad': 'Política de privacidade',
  'legal.cookies': 'Política de cookies',
  'legal.condiciones': 'Termos e condições',
  'legal.otherPages': 'Outros textos legais',
  'legal.updated': 'Última atualização: {date}',
  'legal.loading': 'A carregar os dados da empresa…',
  'legal.sellerUnavailable': 'Não foi possível carregar os dados da empresa. Recarregue a página.',
  'legal.supervisingAuthority': 'Autoridade de supervisão da atividade: {authority}.',
};
