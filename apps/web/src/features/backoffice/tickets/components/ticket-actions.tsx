import { useState, type FormEvent } from 'react';
import { useT } from '../../../../shared/i18n';
import { Alert, Button, ButtonGroup, Select, TextInput } from '../../../../shared/ui';
import { useAgents } from '../../items';
import { useTicketAction, type Ticket } from '../api/tickets';
import { ticketErrorText } from './ticket-error-text';

export function TicketActions({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const action = useTicketAction(ticket.id);
  const agents = useAgents();
  const [agentId, setAgentId] = useState('');
  const [itemId, setItemId] = useState(ticket.related_item_id ? String(ticket.related_item_id) : '');
  const [until, setUntil] = useState('');
  const [productId, setProductId] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function run(name: string, body: Record<string, unknown>, doneKey: Parameters<typeof t>[0]) {
    setMessage(null);
    action.mutate(
      { name, version: ticket.version, body },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t(doneKey) }),
        onError: (e) => setMessage({ tone: 'error', text: ticketErrorText(e, t) }),
      },
    );
  }
  const onSubmit = (fn: () => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fn();
  };

  return (
    <section aria-labelledby="ticket-actions">
      <h2 id="ticket-actions">{t('tickets.actions')}</h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <ButtonGroup>
        <Button
          type="button"
          variant="warning"
          pending={action.isPending}
          onClick={() => run('close', {}, 'tickets.closed')}
        >
          {t('tickets.close')}
        </Button>
      </ButtonGroup>
      <div className="ticket-actions">
        <form
          onSubmit={onSubmit(() =>
            run('delegate', { agent_id: agentId ? Number(agentId) : null }, 'tickets.delegated'),
          )}
        >
          <Select
            id="ticket-delegate"
            label={t('tickets.delegateTo')}
            emptyLabel={t('tickets.nobody')}
            items={(agents.data?.items ?? [])
              // Notaries work notary orders, never tickets: the server refuses them as a ticket's assignee.
              .filter((a) => a.role !== 'notary')
              .map((a) => ({ value: String(a.id), label: a.name }))}
            value={agentId}
            onChange={(e) => setAgentId(e.target.value)}
          />
          <Button variant="secondary">{t('tickets.delegate')}</Button>
        </form>
        <form
          onSubmit={onSubmit(() =>
            run('rel_pedido', { item_id: itemId.trim() ? Number(itemId) : null }, 'tickets.linked'),
          )}
        >
          <TextInput
            id="ticket-rel"
            inputMode="numeric"
            label={t('tickets.relatedItem')}
            value={itemId}
            onChange={(e) => setItemId(e.target.value)}
          />
          <Button variant="secondary">{t('tickets.link')}</Button>
        </form>
        <form
          onSubmit={onSubmit(() =>
            run('postponer', { until: until ? new Date(until).toISOString() : '' }, 'tickets.postponed'),
          )}
        >
          <TextInput
            id="ticket-until"
            type="datetime-local"
            label={t('tickets.postponeUntil')}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
          <Button variant="secondary">{t('tickets.postpone')}</Button>
        </form>
        <form onSubmit={onSubmit(() => run('convert_lead', { product_id: Number(productId) }, 'tickets.converted'))}>
          <TextInput
            id="ticket-product"
            inputMode="numeric"
            label={t('tickets.leadProduct')}
            value={productId}
            onChange={(e) => setProductId(e.target.value)}
          />
          <Button variant="secondary">{t('tickets.convertLead')}</Button>
        </form>
      </div>
    </section>
  );
}
