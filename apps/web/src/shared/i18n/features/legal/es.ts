// Spanish texts of `legal`: the reference set; en.ts and pt.ts beside it must have exactly these keys.
export const legalEs = {
  'legal.aviso-legal': 'Aviso legal',
  'legal.privacidad': 'Política de privacidad',
  'legal.cookies': 'Política de cookies',
  'legal.condiciones': 'Condiciones de contratación',
  'legal.otherPages': 'Otros textos legales',
  'legal.updated': 'Última actualización: {date}',
  'legal.loading': 'Cargando los datos de la empresa…',
  'legal.sellerUnavailable': 'No hemos podido cargar los datos de la empresa. Recarga la página.',
  'legal.supervisingAuthority': 'Autoridad de supervisión de la actividad: {authority}.',
};
