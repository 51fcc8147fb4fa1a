import {
  clientStatusText,
  historyChanges,
  type HistoryLineValues,
  type HistoryValue,
  type Language,
} from '@ventanilla/domain';
import type { MessageKey, Translate } from '../../../../shared/i18n';

/** How the screen shows values: dates in the agent's language, agents by name (their id when not known). */
export interface HistoryFormat {
  dateTime(iso: string): string;
  agentName(id: number): string | undefined;
  /** The screen's language (status names come from the domain's catalogue). */
  language: Language;
}

function valueText(value: HistoryValue, t: Translate, format: HistoryFormat): string {
  switch (value.type) {
    case 'text':
      return value.value;
    case 'number':
      return String(value.value);
    case 'instant':
      return format.dateTime(value.value);
    case 'agent':
      return format.agentName(value.id) ?? `#${value.id}`;
    case 'item':
      return `#${value.id}`;
    case 'clientStatus':
      return clientStatusText(value.key, format.language);
    case 'paymentMethod':
      return t(`payment.method.${value.method}` as MessageKey);
    case 'switch':
      return t(value.on ? 'history.switch.on' : 'history.switch.off');
    case 'none':
      return t('history.none');
  }
}

/**
 * What a history line changed, in the agent's language: "Prioridad: 0 → 7", "Asignado a: ninguno → Ana López",
 * "Archivo: nota.pdf" (the values from historyChanges), joined with "; "; empty when the line changed no value.
 */
export function historyChangesText(line: HistoryLineValues, t: Translate, format: HistoryFormat): string {
  return historyChanges(line)
    .map((change) => {
      const field = t(`history.field.${change.field}` as MessageKey);
      const to = valueText(change.to, t, format);
      return change.from === undefined
        ? t('history.value', { field, value: to })
        : t('history.change', { field, from: valueText(change.from, t, format), to });
    })
    .join('; ');
}
