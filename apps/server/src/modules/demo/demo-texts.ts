// The words agents and registries write on demo orders: notes, incidents and references, per store language.
import type { DemoStoreId } from './demo-people.js';

export const NOTE_TEXTS: Record<DemoStoreId, readonly string[]> = {
  1: [
    'Llamado el cliente: confirma la dirección de la finca.',
    'El Registro pide el número de finca registral; se lo hemos solicitado al cliente.',
    'Cliente muy interesado, pide entrega antes del viernes.',
    'Revisar titularidad: aparecen dos titulares con el mismo nombre.',
    'Pedido duplicado por error del cliente, pendiente de confirmar cuál anular.',
    'Enviado recordatorio por correo, sin respuesta todavía.',
    'La finca está en otro distrito hipotecario; redirigida al Registro correcto.',
    'Factura a nombre de la empresa, no del particular.',
    'El cliente adjuntará la escritura por correo.',
    'Urgente: firma en notaría la semana que viene.',
  ],
  16: [
    'Cliente contactado por telefone: confirma a freguesia.',
    'A Conservatória pede o artigo matricial correto.',
    'Aguardar resposta do cliente sobre a morada do prédio.',
    'Pedido urgente, escritura marcada para a próxima semana.',
    'Certidão enviada por e-mail; cliente pede também em papel.',
    'Verificar NIF do proprietário: não coincide com o registo.',
  ],
  17: [
    'Customer called: the folio is in County Dublin, not Wicklow.',
    'Certified copy posted by registered mail.',
    'Waiting for the customer to confirm the Eircode.',
    'Solicitor needs it before the closing date on Friday.',
    'Tailte Éireann asked for the full property address.',
  ],
};

/** Incidence template ids the demo incidents use (see order-flags.ts: 58 asks for an e-mail answer, 103/76/143/52 are shown to the client). */
export const INCIDENCE_IDS: readonly number[] = [58, 103, 76, 143, 52, 157];

export const INCIDENT_TEXTS: Record<DemoStoreId, readonly string[]> = {
  1: [
    'El Registro no localiza la finca con la dirección indicada. Por favor, indícanos el número de finca registral o la referencia catastral.',
    'El titular indicado no coincide con el que consta en el Registro. Confírmanos el nombre completo del propietario.',
    'Necesitamos una copia de tu DNI para acreditar el interés legítimo.',
    'La escritura es anterior a 2006 y debe buscarse en el archivo de protocolos; confírmanos la fecha aproximada.',
    'El municipio indicado pertenece a otro Registro. Confírmanos la provincia y el municipio de la finca.',
  ],
  16: [
    'A Conservatória não encontra o prédio com a morada indicada. Indique-nos o número da descrição predial.',
    'O artigo matricial indicado não corresponde à freguesia. Confirme os dados, por favor.',
    'Precisamos de uma cópia do Cartão de Cidadão para continuar o pedido.',
  ],
  17: [
    'Tailte Éireann cannot find the folio number you gave. Please check it or send the property address.',
    'The Eircode does not match the address. Please confirm the full address of the property.',
  ],
};

/** Provider ids (a configuration list comes in a later issue): where items are sent, by store. */
export const PROVIDERS: Record<DemoStoreId, readonly string[]> = {
  1: ['registradores', 'notariado', 'catastro'],
  16: ['irn', 'predial-online'],
  17: ['tailte-eireann'],
};

/** The prefix of the registry's reference by store: "NS-2025/004512". */
export const REFERENCE_PREFIXES: Record<DemoStoreId, readonly string[]> = {
  1: ['NS', 'RP', 'CR'],
  16: ['CRP', 'IPS'],
  17: ['LR'],
};
