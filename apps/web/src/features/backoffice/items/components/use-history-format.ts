import { useMemo } from 'react';
import { useFormat, useLanguage } from '../../../../shared/i18n';
import { useAgents } from '../api/item-actions';
import type { HistoryFormat } from '../../shared';

/** Dates in the agent's language and agents by name (the delegation list, cached), for history lines in words. */
export function useHistoryFormat(): HistoryFormat {
  const format = useFormat();
  const language = useLanguage();
  const agents = useAgents();
  return useMemo(() => {
    const names = new Map((agents.data?.items ?? []).map((a) => [a.id, a.name]));
    return { dateTime: format.dateTime, agentName: (id: number) => names.get(id), language };
  }, [format, agents.data, language]);
}
