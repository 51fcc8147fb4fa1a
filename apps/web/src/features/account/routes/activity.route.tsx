import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  type Column,
  Link,
  PageHeading,
  Pagination,
  Spinner,
  StatusTag,
  Table,
} from '../../../shared/ui';
import {
  useActivities,
  useMarkActivitiesRead,
  usePushDevices,
  useRemovePushDevice,
  type ActivityItem,
  type PushDevice,
} from '../api/activity';
import { AccountLinks } from '../components/account-links';
import '../components/account.css';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function ActivityText({ item }: { item: ActivityItem }) {
  const t = useT();
  const d = item.details;
  switch (item.kind) {
    case 'email_change_requested':
      return <>{t('activity.email_change_requested', { email: d.new_email ?? '' })}</>;
    case 'email_changed':
      return <>{t('activity.email_changed', { old: d.old_email ?? '', email: d.new_email ?? '' })}</>;
    case 'password_changed':
      return <>{t('activity.password_changed')}</>;
    case 'data_exported':
      return <>{t('activity.data_exported')}</>;
    case 'push_subscribed':
      return <>{t('activity.push_subscribed', { service: d.push_service ?? '' })}</>;
    case 'push_unsubscribed':
      return <>{t('activity.push_unsubscribed', { service: d.push_service ?? '' })}</>;
  }
}

/** `/actividad` ("Mi actividad"): what happened to the account (e-mail and password changes, exports, devices). */
export function ActivityRoute() {
  const t = useT();
  const format = useFormat();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const list = useActivities(page);
  const markRead = useMarkActivitiesRead();
  useDocumentTitle(t('activity.title'));
  const columns: Column<ActivityItem>[] = [
    { key: 'date', header: t('activity.colDate'), cell: (a) => format.dateTime(a.created_at) },
    {
      key: 'what',
      header: t('activity.colWhat'),
      cell: (a) => (
        <>
          <ActivityText item={a} /> {a.read ? null : <StatusTag text={t('notices.new')} tone="info" />}
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeading>{t('activity.title')}</PageHeading>
      <AccountLinks />
      <p>{t('activity.intro')}</p>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data && list.data.items.length === 0 ? <p>{t('activity.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          {list.data.unread > 0 ? (
            <Button type="button" variant="secondary" pending={markRead.isPending} onClick={() => markRead.mutate()}>
              {t('notices.markAllRead')}
            </Button>
          ) : null}
          <Table
            caption={t('activity.title')}
            captionHidden
            columns={columns}
            rows={list.data.items}
            rowKey={(a) => a.id}
          />
          <Pagination
            page={list.data.page}
            perPage={list.data.per_page}
            total={list.data.total}
            hrefFor={(n) => (n === 1 ? '/actividad' : `/actividad?page=${n}`)}
          />
        </>
      ) : null}
      <p>
        <Link to="/suscripciones">{t('subs.title')}</Link>
      </p>
    </>
  );
}

/** `/suscripciones`: the devices that receive the account's pushes (the spec's subscriptions), each removable. */
export function PushDevicesRoute() {
  const t = useT();
  const format = useFormat();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const list = usePushDevices(page);
  const remove = useRemovePushDevice();
  useDocumentTitle(t('subs.title'));
  const columns: Column<PushDevice>[] = [
    { key: 'device', header: t('subs.colDevice'), cell: (s) => s.user_agent ?? t('subs.unknownDevice') },
    { key: 'service', header: t('subs.colService'), cell: (s) => s.push_service },
    { key: 'since', header: t('subs.colSince'), cell: (s) => format.date(s.created_at) },
    {
      key: 'last',
      header: t('subs.colLast'),
      cell: (s) => (s.last_sent_at ? format.dateTime(s.last_sent_at) : t('subs.never')),
    },
    {
      key: 'remove',
      header: t('subs.colRemove'),
      cell: (s) => (
        <Button
          type="button"
          variant="secondary"
          pending={remove.isPending && remove.variables === s.id}
          onClick={() => remove.mutate(s.id)}
        >
          {t('subs.remove', { service: s.push_service })}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeading>{t('subs.title')}</PageHeading>
      <AccountLinks />
      <p>{t('subs.intro')}</p>
      {remove.isSuccess ? (
        <Alert tone="success">
          <p>{t('subs.removed')}</p>
        </Alert>
      ) : null}
      {remove.isError ? <Alert>{errorText(remove.error, t)}</Alert> : null}
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data && list.data.items.length === 0 ? <p>{t('subs.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <Table
            caption={t('subs.title')}
            captionHidden
            columns={columns}
            rows={list.data.items}
            rowKey={(s) => s.id}
          />
          <Pagination
            page={list.data.page}
            perPage={list.data.per_page}
            total={list.data.total}
            hrefFor={(n) => (n === 1 ? '/suscripciones' : `/suscripciones?page=${n}`)}
          />
        </>
      ) : null}
      <p>
        <Link to="/avisos">{t('subs.toNotices')}</Link>
      </p>
    </>
  );
}
