import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, userCan, useUser } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { Alert, Button } from '../../../../shared/ui';
import { useNextTicket } from '../api/tickets';

/**
 * The "Tickets" queue beside the orders' in the auto-assign tab (POST /api/backoffice/tickets/next): the active ticket
 * waiting longest opens in its own tab, already locked to the agent (the tab keeps renewing the lock). Agents and
 * admins only (`tickets.work`).
 */
export function TicketQueue({ headingLevel }: { headingLevel: 2 | null }) {
  const t = useT();
  const navigate = useNavigate();
  const next = useNextTicket();
  const [empty, setEmpty] = useState(false);
  if (!userCan(useUser(), 'tickets.work')) return null;

  function pull() {
    setEmpty(false);
    next.mutate(undefined, {
      onSuccess: (pulled) => {
        if (pulled) void navigate(`/agentes/ticket/${pulled.ticket_id}`);
        else setEmpty(true);
      },
    });
  }

  return (
    <div className="ws-ticket-queue" role="group" aria-label={t('ticketQueue.title')}>
      {headingLevel === 2 ? <h2>{t('ticketQueue.title')}</h2> : null}
      {headingLevel === 2 ? <p>{t('ticketQueue.hint')}</p> : null}
      <Button type="button" variant="secondary" pending={next.isPending} onClick={pull}>
        {t('ticketQueue.next')}
      </Button>
      <p role="status" className="secondary-text">
        {empty ? t('ticketQueue.empty') : ''}
      </p>
      {next.isError ? <Alert>{errorText(next.error, t)}</Alert> : null}
    </div>
  );
}
