import { useFormat, useT } from '../../../../shared/i18n';
import type { Ticket } from '../api/tickets';

/**
 * The conversation, oldest first. On a desktop screen it scrolls on its own, anchored at its end: the newest message
 * is what shows without the agent or the page scrolling (a reversed flex column around the list; the list and the
 * reading order stay oldest first), and a message sent is added in view.
 */
export function TicketThread({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const format = useFormat();
  return (
    <section className="ticket-page__conversation" aria-labelledby="ticket-thread">
      <h2 id="ticket-thread">{t('tickets.thread')}</h2>
      {/* Focusable so the keyboard can scroll it. */}
      <div className="ticket-page__thread" tabIndex={0} role="group" aria-labelledby="ticket-thread">
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
      </div>
    </section>
  );
}
