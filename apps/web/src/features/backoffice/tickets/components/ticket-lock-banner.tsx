import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { Alert, Button } from '../../../../shared/ui';
import { ticketKeys } from '../api/tickets';
import { useWorkspaceLocks } from '../../shared';

/**
 * The ticket's lock, kept by the workspace while the agent looks at the ticket (docs/backoffice.md, "Locks that follow
 * the agent"): held by the agent, or who holds it with "Forzar desbloqueo" (unlock_lock, in the history). Nothing
 * while it is being taken or its tab is in the background.
 */
export function TicketLockBanner({ ticketId }: { ticketId: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { ticketLocks, forceTicketUnlock } = useWorkspaceLocks();
  const lock = ticketLocks[ticketId];
  const [forcing, setForcing] = useState(false);
  const [forced, setForced] = useState(false);
  const [forceError, setForceError] = useState<unknown>(null);

  async function force() {
    setForcing(true);
    setForceError(null);
    try {
      await forceTicketUnlock(ticketId);
      setForced(true);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.one(ticketId) });
    } catch (error) {
      setForceError(error);
    } finally {
      setForcing(false);
    }
  }

  if (!lock || lock.status === 'taking' || lock.status === 'background') return null;
  if (lock.status === 'error') return <Alert>{t('tickets.lockError', { message: errorText(lock.error, t) })}</Alert>;
  if (lock.status === 'held') {
    return (
      <>
        {forced ? <Alert tone="success">{t('tickets.forced')}</Alert> : null}
        <p className="secondary-text">{t('tickets.lockHeld')}</p>
      </>
    );
  }
  return (
    <Alert tone="info">
      <p>{t('tickets.lockedByOther', { name: lock.holderName })}</p>
      {forceError ? <p>{errorText(forceError, t)}</p> : null}
      <Button type="button" variant="warning" pending={forcing} onClick={() => void force()}>
        {t('tickets.forceUnlock')}
      </Button>
    </Alert>
  );
}
