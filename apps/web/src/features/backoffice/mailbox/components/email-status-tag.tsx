import { useT } from '../../../../shared/i18n';
import { StatusTag } from '../../../../shared/ui';
import type { EmailStatus } from '../api/mailbox-queries';

const TONE = { pending: 'warning', sent: 'success', failed: 'danger' } as const;

/** Pendiente / Enviado / Fallido. */
export function EmailStatusTag({ status }: { status: EmailStatus }) {
  const t = useT();
  return <StatusTag text={t(`mailbox.status.${status}`)} tone={TONE[status]} />;
}
