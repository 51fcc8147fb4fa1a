import { useParams } from 'react-router';
import { parseItemId } from '@ventanilla/domain';
import { useT } from '../../../../shared/i18n';
import { Link, PageHeading } from '../../../../shared/ui';
import { TicketScreen } from '../components/ticket-screen';

/** `/agentes/ticket/:ticketId`: the "Ticket {id}" tab. */
export function TicketTabRoute() {
  const t = useT();
  const { ticketId = '' } = useParams();
  const id = parseItemId(ticketId);
  if (id === null) {
    return (
      <>
        <PageHeading>{t('tickets.notFound')}</PageHeading>
        <Link to="/agentes/tickets">{t('tickets.backToList')}</Link>
      </>
    );
  }
  return <TicketScreen key={id} ticketId={id} />;
}
