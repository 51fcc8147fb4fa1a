import { PdfLayout } from './src/shared/pdf/layout.js';
for (let i = 0; i < 6; i++) {
  const t1 = performance.now();
  const l2 = await PdfLayout.create({ title: 't', author: 'a', date: new Date(0) });
  const t2 = performance.now();
  for (let k = 0; k < 40; k++) l2.paragraph('Zoë Łukasz, Seán Ó Súilleabháin, José Núñez, João Conceição, Παπαδόπουλος, Ђорђе Јовановић lorem ipsum dolor sit amet');
  const t3 = performance.now();
  const b2 = await l2.save();
  console.log('create', (t2 - t1).toFixed(0), 'draw', (t3 - t2).toFixed(0), 'save', (performance.now() - t3).toFixed(0), b2.length);
}
