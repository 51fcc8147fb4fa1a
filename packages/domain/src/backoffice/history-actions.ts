/**
 * Every action code the server writes in a history line (`accion` of item_history and ticket_history). The history
 * tables' columns are typed with these, so a code the server writes must be listed here, and the web catalogues'
 * test checks each one has a label (`code.action.<code>`) in every language: no history shows a raw code.
 */

/** Codes of an order item's history (item_history.accion). */
export const ORDER_HISTORY_ACTIONS = [
  'pedido_creado',
  'pedido_creado_agente',
  'pago_confirmado',
  'transferencia_confirmada',
  'cambio_estado',
  'cambio_estado_cliente',
  'cerrado',
  'no_tramitar',
  'finalizado',
  'pospuesto',
  'pospuesto_anulado',
  'delegado',
  'delegacion_anulada',
  'asignado_cola',
  'desbloqueo_forzado',
  'bloqueo_caducado_tomado',
  'cambio_referencia',
  'cambio_prioridad',
  'cambio_plazo',
  'cambio_proveedor',
  'cambio_atributos',
  'alerta_datos',
  'lead_reenviado',
  'lead_cerrado_perdido',
  'nota_fijada',
  'nota_desfijada',
  'nota_borrada',
  'archivo_subido',
  'archivo_borrado',
  'archivo_cliente',
  'documento_identidad_cliente',
  'desistimiento',
  'incidencia',
  'respuesta_incidencia',
  'respuestas_corregidas',
  'email_plantilla',
  'pdf_plantilla',
  'asistente_activado',
  'asistente_desactivado',
  'informe_empresa_adjuntado',
  'informe_empresa_sin_cif',
  'informe_empresa_no_encontrado',
  'informe_empresa_error',
  'qp_localizaciones',
  'qp_nombre_anadido',
  'qp_nombre_anadido_cliente',
  'qp_nombres_tramitados',
  'qp_nombres_tramitados_cliente',
] as const;

/** An order item's history action code. */
export type OrderHistoryAction = (typeof ORDER_HISTORY_ACTIONS)[number];

/** Codes of a ticket's history (ticket_history.accion). */
export const TICKET_HISTORY_ACTIONS = [
  'creado',
  'new-ticket',
  'respuesta_cliente',
  'hilo_rechazado',
  'adjuntos_no_guardados',
  'reply',
  'close',
  'delegate',
  'rel_pedido',
  'save_note',
  'save_note_fixed',
  'del_note',
  'fix_note',
  'unfix_note',
  'postponer',
  'fin_programado',
  'convert_lead',
  'bloqueo_caducado_tomado',
  'unlock_lock',
] as const;

/** A ticket's history action code. */
export type TicketHistoryAction = (typeof TICKET_HISTORY_ACTIONS)[number];
