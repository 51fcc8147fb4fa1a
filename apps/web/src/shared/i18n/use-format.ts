import { useMemo } from 'react';
import { formatDate, formatList, formatTime } from '../lib/dates';
import { formatMoney } from '../lib/money';
import type { MoneyString } from '../lib/api-contract';
import { useLanguage } from './i18n-provider';

/** Money, dates and lists in the store's locale. */
export function useFormat() {
  const language = useLanguage();
  return useMemo(
    () => ({
      language,
      money: (value: MoneyString) => formatMoney(value, language),
      date: (value: string) => formatDate(value, language),
      dateTime: (value: string) => formatDate(value, language, true),
      time: (value: string) => formatTime(value, language),
      list: (items: string[]) => formatList(items, language),
    }),
    [language],
  );
}
