import { useT } from '../../../../shared/i18n';

/** A ticket status in the screen's language (es: the spec's names, "1 Inicial" ... "8 Lead convertido"). */
export function useTicketStatusLabel() {
  const t = useT();
  return (status: number) => t(`tickets.status.${status}` as Parameters<typeof t>[0]);
}
