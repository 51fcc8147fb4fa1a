import { clientStatusText } from '@ventanilla/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { disablePush, enablePush, pushState, type PushState } from '../../../shared/pwa/push';
import { Alert, Button, Link, LinkButton, PageHeading, Pagination, Spinner, StatusTag } from '../../../shared/ui';
import { useMarkRead, useNotifications, type NotificationItem } from '../api/account-lifecycle';
import { AccountLinks } from '../components/account-links';
import '../components/account.css';

/** `/avisos`: the customer's notifications (read and unread) and this device's push switch (docs/customer-panel.md). */
export function NotificationsRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNotifications(page);
  const mark = useMarkRead();
  useDocumentTitle(t('notices.title'));
  return (
    <>
      <PageHeading>{t('notices.title')}</PageHeading>
      <AccountLinks />
      <PushSwitch />
      {list.isPending ? <Spinner /> : null}
      {list.data ? (
        <>
          <p>{t('notices.unreadCount', { count: list.data.unread })}</p>
          {list.data.unread > 0 ? (
            <Button
              variant="secondary"
              pending={mark.isPending && mark.variables === null}
              onClick={() => mark.mutate(null)}
            >
              {t('notices.markAllRead')}
            </Button>
          ) : null}
          {list.data.items.length === 0 ? <p>{t('notices.empty')}</p> : null}
          <ul className="notices">
            {list.data.items.map((n) => (
              <Notice key={n.id} notice={n} onRead={() => mark.mutate(n.id)} />
            ))}
          </ul>
          <Pagination
            page={list.data.page}
            perPage={list.data.per_page}
            total={list.data.total}
            hrefFor={(p) => `/avisos?page=${p}`}
          />
        </>
      ) : null}
    </>
  );
}

function Notice({ notice, onRead }: { notice: NotificationItem; onRead: () => void }) {
  const t = useT();
  const language = useLanguage();
  const status = clientStatusText(notice.status, language);
  const values = { order: notice.order_id, product: notice.product_name, status };
  const incident = notice.kind === 'incident';
  return (
    <li className={notice.read ? 'notice' : 'notice notice--unread'}>
      <h2 className="notice__title">
        {incident ? t('notices.incidentTitle', values) : t('notices.statusTitle', values)}{' '}
        {notice.read ? null : <StatusTag text={t('notices.new')} tone="info" />}
      </h2>
      <p>{incident ? t('notices.incidentBody', values) : t('notices.statusBody', values)}</p>
      <p>
        <time dateTime={notice.created_at}>{new Date(notice.created_at).toLocaleString(language)}</time>
      </p>
      <p>
        <Link to={`/orders/detail/${notice.order_id}`}>{t('notices.viewOrder', values)}</Link>
        {notice.read ? null : (
          <>
            {' · '}
            <LinkButton onClick={onRead}>{t('notices.markRead')}</LinkButton>
          </>
        )}
      </p>
    </li>
  );
}

function PushSwitch() {
  const t = useT();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  async function toggle() {
    setBusy(true);
    setFailed(false);
    try {
      if (state === 'on') {
        await disablePush();
        setState('off');
      } else setState(await enablePush());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  if (state === null) return null;
  const text = {
    on: t('notices.pushOn'),
    off: t('notices.pushOff'),
    denied: t('notices.pushDenied'),
    unsupported: t('notices.pushUnsupported'),
  }[state];
  return (
    <section aria-labelledby="push-title">
      <h2 id="push-title">{t('notices.pushTitle')}</h2>
      <p>{t('notices.pushIntro')}</p>
      <p role="status">{text}</p>
      {failed ? <Alert tone="error">{t('notices.pushFailed')}</Alert> : null}
      {state === 'on' || state === 'off' ? (
        <Button variant="secondary" pending={busy} onClick={() => void toggle()}>
          {state === 'on' ? t('notices.pushDisable') : t('notices.pushEnable')}
        </Button>
      ) : null}
    </section>
  );
}
