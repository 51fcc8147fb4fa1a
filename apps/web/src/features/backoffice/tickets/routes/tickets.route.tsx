import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ACTIVE_TICKET_STATUSES, parseItemId, TICKET_STATUS_IDS } from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  ButtonGroup,
  Checkbox,
  Link,
  PageHeading,
  Pagination,
  Select,
  Spinner,
  SummaryList,
  Table,
  Textarea,
  TextInput,
} from '../../../../shared/ui';
import { useAgents } from '../../items';
import {
  TICKET_PAGE_SIZE,
  ticketKeys,
  useSendTicketMessage,
  useTicket,
  useTicketAction,
  useTickets,
  type Ticket,
  type TicketRow,
} from '../api/tickets';
import { CannedPicker } from '../../templates';
import { useWorkspace } from '../../shared';
import { useHistoryFormat } from '../../items';
import { ticketHistoryText } from '../lib/ticket-history';
import { ticketsOfEmailHref } from '../../shared';
import '../components/tickets.css';

/** The status filter's value for every active status (2 Abierto, 3 Pendiente and 6 Programado). */
const ACTIVE = ACTIVE_TICKET_STATUSES.join(',');

/** A ticket status in the screen's language (es: the spec's names, "1 Inicial" ... "8 Lead convertido"). */
export function useTicketStatusLabel() {
  const t = useT();
  return (status: number) => t(`tickets.status.${status}` as Parameters<typeof t>[0]);
}

/**
 * The `tickets` tab: the list filtered by customer e-mail and status, paged; each ticket opens its own tab. With
 * `fixedEmail` it is the tab of one customer's address (`tickets:email:{address}`): exactly that address, by status.
 */
export function TicketsScreen({ fixedEmail }: { fixedEmail?: string }) {
  const t = useT();
  const format = useFormat();
  const statusLabel = useTicketStatusLabel();
  const [params, setParams] = useSearchParams();
  const email = fixedEmail ?? params.get('email') ?? '';
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [emailText, setEmailText] = useState(email);
  const [statusText, setStatusText] = useState(status);
  const list = useTickets(
    fixedEmail === undefined ? { email, status, page } : { email: '', exactEmail: fixedEmail, status, page },
  );
  useDocumentTitle(email ? t('tickets.titleFor', { email }) : t('tickets.title'));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (fixedEmail === undefined && emailText.trim()) next.set('email', emailText.trim());
    if (statusText) next.set('status', statusText);
    setParams(next);
  }
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    return `?${next.toString()}`;
  };

  return (
    <>
      <PageHeading>{email ? t('tickets.titleFor', { email }) : t('tickets.title')}</PageHeading>
      <p>
        <Link to="/agentes/new-ticket" className="button button--secondary">
          {t('tickets.new')}
        </Link>
      </p>
      <form role="search" aria-label={t('tickets.filters')} onSubmit={search} className="tickets-filters">
        {fixedEmail === undefined ? (
          <TextInput
            id="tickets-email"
            type="search"
            label={t('tickets.email')}
            optional
            value={emailText}
            onChange={(e) => setEmailText(e.target.value)}
          />
        ) : null}
        <Select
          id="tickets-status"
          label={t('tickets.statusFilter')}
          emptyLabel={t('tickets.allStatuses')}
          items={[
            { value: ACTIVE, label: t('tickets.activeStatuses') },
            ...TICKET_STATUS_IDS.map((s) => ({ value: String(s), label: statusLabel(s) })),
          ]}
          value={statusText}
          onChange={(e) => setStatusText(e.target.value)}
        />
        <Button>{t('tickets.search')}</Button>
      </form>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          <p role="status">{t('tickets.count', { count: list.data.total })}</p>
          <Table<TicketRow>
            caption={t('tickets.title')}
            captionHidden
            rowKey={(row) => String(row.id)}
            rows={list.data.items}
            columns={[
              {
                key: 'id',
                header: t('tickets.colTicket'),
                cell: (row) => <Link to={`/agentes/ticket/${row.id}`}>{t('tickets.ticketN', { id: row.id })}</Link>,
              },
              { key: 'subject', header: t('tickets.subject'), cell: (row) => row.subject || '—' },
              {
                key: 'email',
                header: t('tickets.email'),
                cell: (row) => (
                  <Link to={ticketsOfEmailHref(row.email)}>
                    {row.email}
                    <span className="visually-hidden"> ({t('tickets.allOfCustomer')})</span>
                  </Link>
                ),
              },
              { key: 'status', header: t('tickets.status'), cell: (row) => statusLabel(row.status) },
              {
                key: 'lock',
                header: t('tickets.lockedBy'),
                cell: (row) => row.lock?.locked_by_name ?? '—',
              },
              { key: 'updated', header: t('tickets.updated'), cell: (row) => format.dateTime(row.updated_at) },
            ]}
          />
          <Pagination page={list.data.page} perPage={TICKET_PAGE_SIZE} total={list.data.total} hrefFor={hrefFor} />
        </>
      ) : null}
    </>
  );
}

/**
 * A failed ticket write in words: a stale version asks to check and retry; the rest are the server's messages, which
 * name the ticket (locked by another agent, one's own lock lapsed, an action its status refuses).
 */
function ticketErrorText(error: unknown, t: ReturnType<typeof useT>): string {
  return isApiError(error, 409) && error.code === 'VERSION_CONFLICT' ? t('tickets.stale') : errorText(error, t);
}

/** Reads the files of a file input into the form (up to what the server takes). */
function appendFiles(form: FormData, input: HTMLInputElement | null) {
  for (const file of Array.from(input?.files ?? [])) form.append('files', file);
}

/** The `new-ticket` tab: the agent writes first (customer e-mail, subject, text with canned responses, files). */
export function NewTicketScreen() {
  const t = useT();
  const navigate = useNavigate();
  const send = useSendTicketMessage(null);
  const [fields, setFields] = useState({ email: '', subject: '', body: '', cc: '', related_item_id: '' });
  const [error, setError] = useState('');
  useDocumentTitle(t('tickets.newTitle'));
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!fields.email.trim() || !fields.subject.trim() || !fields.body.trim()) {
      setError(t('tickets.newRequired'));
      return;
    }
    setError('');
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value.trim()) form.append(name, value.trim());
    appendFiles(form, document.getElementById('new-ticket-files') as HTMLInputElement | null);
    send.mutate(form, {
      onSuccess: (sent) => void navigate(`/agentes/ticket/${sent.ticket_id}`),
      onError: (e) => setError(errorText(e, t)),
    });
  }

  return (
    <>
      <PageHeading>{t('tickets.newTitle')}</PageHeading>
      {error ? <Alert>{error}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="new-ticket-email"
          type="email"
          label={t('tickets.email')}
          value={fields.email}
          onChange={set('email')}
        />
        <TextInput
          id="new-ticket-cc"
          label={t('tickets.cc')}
          hint={t('tickets.ccHint')}
          optional
          value={fields.cc}
          onChange={set('cc')}
        />
        <TextInput
          id="new-ticket-subject"
          label={t('tickets.subject')}
          value={fields.subject}
          onChange={set('subject')}
        />
        <CannedPicker
          id="new-ticket-canned"
          targetId="new-ticket-body"
          value={fields.body}
          onChange={(body) => setFields((f) => ({ ...f, body }))}
        />
        <Textarea id="new-ticket-body" label={t('tickets.body')} rows={8} value={fields.body} onChange={set('body')} />
        <TextInput
          id="new-ticket-related_item_id"
          inputMode="numeric"
          label={t('tickets.relatedItem')}
          optional
          value={fields.related_item_id}
          onChange={set('related_item_id')}
        />
        <FileField id="new-ticket-files" />
        <Button pending={send.isPending}>{t('tickets.send')}</Button>
      </form>
    </>
  );
}

function FileField({ id }: { id: string }) {
  const t = useT();
  return (
    <div className="form-group">
      <label className="label" htmlFor={id}>
        {t('tickets.files')} {t('form.optional')}
      </label>
      <input id={id} name="files" type="file" multiple className="file-input" />
    </div>
  );
}

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

function TicketScreen({ ticketId }: { ticketId: number }) {
  const t = useT();
  const format = useFormat();
  const statusLabel = useTicketStatusLabel();
  const historyFormat = useHistoryFormat();
  const ticket = useTicket(ticketId);
  useDocumentTitle(t('tickets.ticketN', { id: ticketId }));

  if (ticket.isPending) return <Spinner />;
  if (ticket.isError) {
    return (
      <>
        <PageHeading>{t('tickets.ticketN', { id: ticketId })}</PageHeading>
        <Alert>{isApiError(ticket.error, 404) ? t('tickets.notFound') : errorText(ticket.error, t)}</Alert>
      </>
    );
  }
  const data = ticket.data;
  return (
    <>
      <PageHeading caption={data.subject || undefined}>{t('tickets.ticketN', { id: ticketId })}</PageHeading>
      <TicketLockBanner ticketId={ticketId} />
      <SummaryList
        rows={[
          { key: 'status', label: t('tickets.status'), value: statusLabel(data.status) },
          {
            key: 'email',
            label: t('tickets.email'),
            value: (
              <Link to={ticketsOfEmailHref(data.email)}>
                {data.name ? `${data.name} <${data.email}>` : data.email}
                <span className="visually-hidden"> ({t('tickets.allOfCustomer')})</span>
              </Link>
            ),
          },
          { key: 'cc', label: t('tickets.cc'), value: data.cc_emails.join(', ') || '—' },
          { key: 'asignee', label: t('tickets.asignee'), value: data.asignee_name ?? '—' },
          {
            key: 'related',
            label: t('tickets.relatedItem'),
            value: data.related_item ? (
              <Link to={`/agentes/pedido/${data.related_item.item_id}`}>
                {t('tickets.orderLink', { id: data.related_item.item_id, product: data.related_item.product_name })}
              </Link>
            ) : (
              '—'
            ),
          },
          { key: 'due', label: t('tickets.dueAt'), value: data.due_at ? format.dateTime(data.due_at) : '—' },
          { key: 'created', label: t('tickets.createdAt'), value: format.dateTime(data.created_at) },
        ]}
      />
      <TicketThread ticket={data} />
      <ReplyForm ticket={data} />
      <TicketActions ticket={data} />
      <TicketNotes ticket={data} />
      <section aria-labelledby="ticket-history">
        <h2 id="ticket-history">{t('tickets.history')}</h2>
        <Table
          caption={t('tickets.history')}
          captionHidden
          rowKey={(row) => String(row.id)}
          rows={data.history}
          columns={[
            { key: 'when', header: t('tickets.when'), cell: (row) => format.dateTime(row.created_at) },
            { key: 'accion', header: t('tickets.action'), cell: (row) => ticketHistoryText(row, t, historyFormat) },
            {
              key: 'status',
              header: t('tickets.status'),
              cell: (row) =>
                row.new_status === null
                  ? '—'
                  : `${row.old_status === null ? '' : `${statusLabel(row.old_status)} → `}${statusLabel(row.new_status)}`,
            },
            { key: 'who', header: t('tickets.who'), cell: (row) => row.admin_name ?? t('tickets.system') },
          ]}
        />
      </section>
    </>
  );
}

/**
 * The ticket's lock, kept by the workspace for every open ticket tab (taken, renewed, released when the tab closes):
 * held by the agent, or who holds it with "Forzar desbloqueo" (unlock_lock, in the history).
 */
function TicketLockBanner({ ticketId }: { ticketId: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { ticketLocks, forceTicketUnlock } = useWorkspace();
  const lock = ticketLocks[ticketId] ?? { status: 'pending' };
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

  if (lock.status === 'held') {
    return (
      <>
        {forced ? <Alert tone="success">{t('tickets.forced')}</Alert> : null}
        <p className="secondary-text">{t('tickets.lockHeld')}</p>
      </>
    );
  }
  if (lock.status !== 'taken') return null;
  return (
    <Alert tone="info">
      <p>{t('tickets.lockedByOther', { name: lock.by })}</p>
      {forceError ? <p>{errorText(forceError, t)}</p> : null}
      <Button type="button" variant="warning" pending={forcing} onClick={() => void force()}>
        {t('tickets.forceUnlock')}
      </Button>
    </Alert>
  );
}

function TicketThread({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="ticket-thread">
      <h2 id="ticket-thread">{t('tickets.thread')}</h2>
      <ol className="ticket-thread">
        {ticket.messages.map((m) => (
          <li key={m.id} className={`ticket-thread__message ticket-thread__message--${m.direction}`}>
            <article
              aria-label={t(m.direction === 'in' ? 'tickets.fromCustomer' : 'tickets.fromUs', { from: m.from_email })}
            >
              <p className="secondary-text">
                {t(m.direction === 'in' ? 'tickets.fromCustomer' : 'tickets.fromUs', { from: m.from_email })} ·{' '}
                {format.dateTime(m.created_at)}
                {m.cc_emails.length ? ` · ${t('tickets.cc')}: ${m.cc_emails.join(', ')}` : ''}
              </p>
              <p className="ticket-thread__subject">{m.subject}</p>
              <div className="ticket-thread__text">{m.text}</div>
              {m.attachments.length > 0 ? (
                <ul aria-label={t('tickets.attachments')}>
                  {m.attachments.map((a) => (
                    <li key={a.id}>
                      <a href={`/api/backoffice/tickets/${ticket.id}/attachments/${a.id}`} download={a.filename}>
                        {a.filename}
                      </a>{' '}
                      <span className="secondary-text">
                        ({t('tickets.size', { kb: Math.max(1, Math.ceil(a.size / 1024)) })})
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReplyForm({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const send = useSendTicketMessage(ticket.id);
  const [body, setBody] = useState('');
  const [cc, setCc] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    if (!body.trim()) {
      setError(t('tickets.replyRequired'));
      return;
    }
    setError('');
    const form = new FormData();
    form.append('version', ticket.version);
    form.append('body', body);
    if (cc.trim()) form.append('cc', cc.trim());
    const files = document.getElementById('ticket-reply-files') as HTMLInputElement | null;
    appendFiles(form, files);
    send.mutate(form, {
      onSuccess: () => {
        setBody('');
        setCc('');
        if (files) files.value = '';
        setDone(true);
      },
      onError: (e) => setError(ticketErrorText(e, t)),
    });
  }

  return (
    <section aria-labelledby="ticket-reply">
      <h2 id="ticket-reply">{t('tickets.reply')}</h2>
      {done ? <Alert tone="success">{t('tickets.replySent')}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="ticket-reply-cc"
          label={t('tickets.cc')}
          hint={t('tickets.ccHint')}
          optional
          value={cc}
          onChange={(e) => setCc(e.target.value)}
        />
        <CannedPicker
          id="ticket-reply-canned"
          targetId="ticket-reply-body"
          value={body}
          onChange={setBody}
          fill={ticket.name ? { values: { nombre: ticket.name } } : {}}
        />
        <Textarea
          id="ticket-reply-body"
          label={t('tickets.replyBody')}
          rows={8}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <FileField id="ticket-reply-files" />
        <Button pending={send.isPending}>{t('tickets.send')}</Button>
      </form>
    </section>
  );
}

function TicketActions({ ticket }: { ticket: Ticket }) {
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
      { name, body: { version: ticket.version, ...body } },
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

function TicketNotes({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  const action = useTicketAction(ticket.id);
  const [text, setText] = useState('');
  const [fixed, setFixed] = useState(false);
  const [error, setError] = useState('');

  const run = (name: string, body: Record<string, unknown>, after?: () => void) =>
    action.mutate(
      { name, body: { version: ticket.version, ...body } },
      { onSuccess: () => after?.(), onError: (e) => setError(ticketErrorText(e, t)) },
    );

  return (
    <section aria-labelledby="ticket-notes">
      <h2 id="ticket-notes">{t('tickets.notes')}</h2>
      {error ? <Alert>{error}</Alert> : null}
      {ticket.notes.length === 0 ? <p>{t('tickets.noNotes')}</p> : null}
      <ul className="ticket-notes">
        {ticket.notes.map((note) => (
          <li
            key={note.id}
            className={note.fixed ? 'ticket-notes__note ticket-notes__note--fixed' : 'ticket-notes__note'}
          >
            {note.fixed ? <strong>{t('tickets.pinned')} </strong> : null}
            <span className="ticket-thread__text">{note.text}</span>
            <span className="secondary-text">
              {' '}
              · {note.admin_name} · {format.dateTime(note.created_at)}
            </span>
            <ButtonGroup>
              <Button
                type="button"
                variant="secondary"
                onClick={() => run(note.fixed ? 'unfix_note' : 'fix_note', { note_id: note.id })}
              >
                {note.fixed ? t('tickets.unpin') : t('tickets.pin')}
                <span className="visually-hidden"> ({note.text.slice(0, 40)})</span>
              </Button>
              <Button type="button" variant="warning" onClick={() => run('del_note', { note_id: note.id })}>
                {t('tickets.deleteNote')}
                <span className="visually-hidden"> ({note.text.slice(0, 40)})</span>
              </Button>
            </ButtonGroup>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return setError(t('tickets.noteRequired'));
          setError('');
          run(fixed ? 'save_note_fixed' : 'save_note', { text: text.trim() }, () => {
            setText('');
            setFixed(false);
          });
        }}
      >
        <Textarea
          id="ticket-note"
          label={t('tickets.newNote')}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Checkbox
          id="ticket-note-fixed"
          label={t('tickets.pinNote')}
          checked={fixed}
          onChange={(e) => setFixed(e.target.checked)}
        />
        <Button variant="secondary" pending={action.isPending}>
          {t('tickets.saveNote')}
        </Button>
      </form>
    </section>
  );
}
