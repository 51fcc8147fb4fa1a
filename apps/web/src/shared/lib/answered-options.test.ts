import { describe, expect, it } from 'vitest';
import { answerLead } from './answered-options';

describe('answerLead: the question before its answer in a list', () => {
  it.each([
    ['Provincia', 'Provincia:'],
    ['¿Necesitas el servicio urgente?', '¿Necesitas el servicio urgente?'],
    ['Datos de la finca:', 'Datos de la finca:'],
    ['  Municipio  ', 'Municipio:'],
    ['', ''],
    ['   ', ''],
    [null, ''],
  ] as const)('%j gives %j (never "?:")', (label, lead) => {
    expect(answerLead(label)).toBe(lead);
  });
});
