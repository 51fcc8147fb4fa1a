import type { Language } from '../stores/stores.js';

/**
 * Texts that domain rules produce (validation messages, status names). The Spanish texts are the spec's, word for word.
 * The server and the browser both translate through this one catalogue.
 */
const es = {
  'validation.required_text': 'Por favor, escribe el dato',
  'validation.required_selection': 'Por favor, selecciona una opción',
  'validation.unknown_value': 'Por favor, selecciona una opción',
  'validation.too_long': 'El texto es demasiado largo (máximo {max} caracteres)',
  'status.not_found': 'Estado no encontrado',
  'status.not_mapped': 'Estado no mapeado ({id})',
  'client_status.pending': 'Pendiente de Pago',
  'client_status.processing': 'En tramitación',
  'client_status.incidence': 'Incidencia',
  'client_status.ready': 'Listo',
  'client_status.returned': 'Abonado',
  'panel_status.0': 'Pendiente de pago',
  'panel_status.10': 'En espera',
  'panel_status.20': 'En evaluación',
  'panel_status.30': 'Autoprocesando',
  'panel_status.40': 'Pendiente',
  'panel_status.50': 'En proceso',
  'panel_status.60': 'Incidencia',
  'panel_status.70': 'Denegado',
  'panel_status.80': 'Respondido',
  'panel_status.90': 'Programado',
  'panel_status.97': 'En Proveedor',
  'panel_status.98': 'En Notaría',
  'panel_status.99': 'Pre-Procesado (pt)',
  'panel_status.100': 'Procesado',
  'panel_status.101': 'Post-procesado',
  'panel_status.102': 'Reclamado',
  'panel_status.103': 'Procesado (con email de cliente)',
  'panel_status.110': 'Entregado',
  'panel_status.120': 'Cerrado',
  'panel_status.1000': 'En Notaría - Tramitándose',
  'panel_status.1001': 'En Notaría - Entregado',
  'panel_status.1002': 'Visita agendada',
  'panel_status.1003': 'Pendiente certificación',
  'panel_status.1004': 'Pendiente informe',
} as const;

export type DomainMessageKey = keyof typeof es;
type Catalogue = Record<DomainMessageKey, string>;

const en: Catalogue = {
  'validation.required_text': 'Please enter this information',
  'validation.required_selection': 'Please select an option',
  'validation.unknown_value': 'Please select an option',
  'validation.too_long': 'The text is too long (at most {max} characters)',
  'status.not_found': 'Status not found',
  'status.not_mapped': 'Unmapped status ({id})',
  'client_status.pending': 'Pending payment',
  'client_status.processing': 'In progress',
  'client_status.incidence': 'Action needed',
  'client_status.ready': 'Ready',
  'client_status.returned': 'Refunded',
  'panel_status.0': 'Pending payment',
  'panel_status.10': 'On hold',
  'panel_status.20': 'Under review',
  'panel_status.30': 'Auto-processing',
  'panel_status.40': 'Pending',
  'panel_status.50': 'In process',
  'panel_status.60': 'Incident',
  'panel_status.70': 'Denied',
  'panel_status.80': 'Answered',
  'panel_status.90': 'Scheduled',
  'panel_status.97': 'With provider',
  'panel_status.98': 'At the notary',
  'panel_status.99': 'Pre-processed (pt)',
  'panel_status.100': 'Processed',
  'panel_status.101': 'Post-processed',
  'panel_status.102': 'Claimed',
  'panel_status.103': 'Processed (with customer email)',
  'panel_status.110': 'Delivered',
  'panel_status.120': 'Closed',
  'panel_status.1000': 'At the notary - in progress',
  'panel_status.1001': 'At the notary - delivered',
  'panel_status.1002': 'Visit scheduled',
  'panel_status.1003': 'Certification pending',
  'panel_status.1004': 'Report pending',
};

const pt: Catalogue = {
  'validation.required_text': 'Por favor, escreva o dado',
  'validation.required_selection': 'Por favor, selecione uma opção',
  'validation.unknown_value': 'Por favor, selecione uma opção',
  'validation.too_long': 'O texto é demasiado longo (máximo {max} caracteres)',
  'status.not_found': 'Estado não encontrado',
  'status.not_mapped': 'Estado não mapeado ({id})',
  'client_status.pending': 'Pagamento pendente',
  'client_status.processing': 'Em tramitação',
  'client_status.incidence': 'Incidência',
  'client_status.ready': 'Pronto',
  'client_status.returned': 'Reembolsado',
  'panel_status.0': 'Pagamento pendente',
  'panel_status.10': 'Em espera',
  'panel_status.20': 'Em avaliação',
  'panel_status.30': 'Em processamento automático',
  'panel_status.40': 'Pendente',
  'panel_status.50': 'Em processo',
  'panel_status.60': 'Incidência',
  'panel_status.70': 'Recusado',
  'panel_status.80': 'Respondido',
  'panel_status.90': 'Programado',
  'panel_status.97': 'No fornecedor',
  'panel_status.98': 'No notário',
  'panel_status.99': 'Pré-processado (pt)',
  'panel_status.100': 'Processado',
  'panel_status.101': 'Pós-processado',
  'panel_status.102': 'Reclamado',
  'panel_status.103': 'Processado (com email do cliente)',
  'panel_status.110': 'Entregue',
  'panel_status.120': 'Fechado',
  'panel_status.1000': 'No notário - em tramitação',
  'panel_status.1001': 'No notário - entregue',
  'panel_status.1002': 'Visita agendada',
  'panel_status.1003': 'Certificação pendente',
  'panel_status.1004': 'Relatório pendente',
};

const CATALOGUES: Record<Language, Catalogue> = { es, en, pt };

/** A translatable message: a catalogue key plus the values of its {placeholders}. */
export interface DomainMessage {
  key: DomainMessageKey;
  params?: Record<string, string | number>;
}

/** Renders a domain message in a language. */
export function translateDomainMessage(language: Language, message: DomainMessage): string {
  const template = CATALOGUES[language][message.key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(message.params?.[name] ?? `{${name}}`));
}
