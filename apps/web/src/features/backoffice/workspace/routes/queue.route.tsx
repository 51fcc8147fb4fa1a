import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isWorkStatus, tabTitle, type QueueName } from '@ventanilla/domain';
import { errorText, userCan, useUser } from '../../../../shared/auth';
import { useLanguage, useT } from '../../../../shared/i18n';
import { api, isApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Select, Spinner } from '../../../../shared/ui';
import { backofficeKeys, shortcutTarget, useItem, useStatuses, useWorkspaceQueue } from '../../shared';
import { useQueueLast, workspaceApi, workspaceKeys } from '../api/workspace-queries';
import { ItemWorkspace } from '../components/item-workspace';
import { TicketQueue } from '../../tickets';

const TAB_OF_QUEUE: Record<QueueName, '-1' | '-2'> = { default: '-1', portugal: '-2' };

/**
 * Tabs `-1` (auto-assign) and `-2` ("Portugal CP & IPS"): opening one gives the agent the next order of its queue,
 * locked to them (POST /api/backoffice/queue/next), or takes back the one it gave last if it is still theirs to work.
 * "Finish" sets the result and pulls the next; "finish and stop" and "pause" go to tab `0`.
 */
export function QueueRoute({ queue }: { queue: QueueName }) {
  const t = useT();
  const title = tabTitle(TAB_OF_QUEUE[queue], useLanguage());
  // Notaries see notary work only: the queue gives them nothing (`backoffice.queue.pull`).
  const served = userCan(useUser(), 'backoffice.queue.pull');
  useDocumentTitle(served ? undefined : title);
  if (!served) {
    return (
      <>
        <PageHeading>{title}</PageHeading>
        <Alert tone="info">{t('workspace.queueNotForRole')}</Alert>
      </>
    );
  }
  return <QueuePuller queue={queue} title={title} />;
}

/** The queue tab of someone the queue serves: pulls, shows the order and its finish bar. */
function QueuePuller({ queue, title }: { queue: QueueName; title: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { queueItems, setQueueItem } = useWorkspaceQueue();
  const current = queueItems[queue];
  const last = useQueueLast();
  const [pullError, setPullError] = useState<unknown>(null);
  /** The order "finish and next" just finished, confirmed above the next one. */
  const [finished, setFinished] = useState<number | null>(null);
  const resolving = useRef(false);
  // With an order on screen, the item page names the page.
  useDocumentTitle(typeof current === 'number' ? undefined : title);

  async function pull() {
    setPullError(null);
    try {
      const next = await workspaceApi.next(queue);
      setQueueItem(queue, next ? next.item_id : null);
    } catch (error) {
      setPullError(error);
      setQueueItem(queue, null);
    } finally {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.queueLast });
    }
  }

  // Opening the tab: the item the queue gave last while it is still work and free for the agent, else the next one.
  useEffect(() => {
    if (current !== undefined || resolving.current) return;
    resolving.current = true;
    void (async () => {
      try {
        const { last: given } = await workspaceApi.last();
        if (given && given.queue === queue) {
          const item = await queryClient.fetchQuery({
            queryKey: backofficeKeys.item(String(given.item_id)),
            queryFn: ({ signal }) =>
              api.GET('/api/backoffice/items/{itemId}', { params: { path: { itemId: given.item_id } }, signal }),
            staleTime: 0,
          });
          if (isWorkStatus(item.panel_status_id)) {
            await workspaceApi.lock(given.item_id);
            setQueueItem(queue, given.item_id);
            return;
          }
        }
      } catch {
        // Taken by someone else meanwhile, or gone: pull the next one instead.
      }
      await pull();
    })().finally(() => {
      resolving.current = false;
    });
  }, [current, queue]);

  const lastLine = last.data?.last ? (
    <p>{t('workspace.lastAssigned', { id: last.data.last.item_id })}</p>
  ) : (
    <p>{t('workspace.noLastAssigned')}</p>
  );

  if (typeof current === 'number') {
    return (
      <QueueItem
        key={current}
        queue={queue}
        itemId={current}
        title={title}
        lastLine={lastLine}
        finishedId={finished}
        onFinished={setFinished}
      />
    );
  }
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {finished !== null ? <Alert tone="success">{t('workspace.finished', { id: finished })}</Alert> : null}
      {pullError ? <Alert>{errorText(pullError, t)}</Alert> : null}
      {current === undefined ? (
        <>
          <p role="status">{t('workspace.pulling')}</p>
          <Spinner />
        </>
      ) : (
        <>
          <Alert tone="info">{t('workspace.nothingWaiting')}</Alert>
          <Button type="button" onClick={() => void pull()}>
            {t('workspace.pullAgain')}
          </Button>
        </>
      )}
      {lastLine}
      {queue === 'default' ? <TicketQueue headingLevel={2} /> : null}
    </>
  );
}

/** The order a queue tab gave: the finish bar above the order page. */
function QueueItem({
  queue,
  itemId,
  title,
  lastLine,
  finishedId,
  onFinished,
}: {
  queue: QueueName;
  itemId: number;
  title: string;
  lastLine: React.ReactNode;
  finishedId: number | null;
  onFinished: (itemId: number) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setQueueItem, hrefOf } = useWorkspaceQueue();
  const item = useItem(String(itemId));
  const statuses = useStatuses();
  const [result, setResult] = useState('');
  const [resultError, setResultError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState<'next' | 'stop' | 'pause' | null>(null);
  const results = (statuses.data ?? []).filter((s) => s.id !== 0 && !isWorkStatus(s.id));
  const loadedId = item.data?.item_id;

  // After "finish", the next order replaces the bar that had focus: start the agent at its heading.
  useEffect(() => {
    if (loadedId === undefined || (document.activeElement && document.activeElement !== document.body)) return;
    document.querySelector<HTMLElement>('#main h1')?.focus();
  }, [loadedId]);

  async function finish(then: 'next' | 'stop') {
    if (!item.data) return;
    if (!result) {
      setResultError(t('workspace.resultRequired'));
      document.getElementById('queue-result')?.focus();
      return;
    }
    setResultError(undefined);
    setError(null);
    setPending(then);
    try {
      const finished = await workspaceApi.finish(itemId, {
        status: Number(result),
        version: item.data.updated_at,
        then,
        queue,
      });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(String(itemId)) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.queueLast });
      if (then === 'stop') {
        setQueueItem(queue, undefined);
        void navigate(hrefOf('0'));
        return;
      }
      onFinished(itemId);
      setQueueItem(queue, finished.next ? finished.next.item_id : null);
    } catch (failure) {
      setError(failure);
      if (isApiError(failure, 409)) void item.refetch();
    } finally {
      setPending(null);
    }
  }

  async function pause() {
    setPending('pause');
    try {
      await workspaceApi.release(itemId).catch(() => undefined);
      setQueueItem(queue, undefined);
      void navigate(hrefOf('0'));
    } finally {
      setPending(null);
    }
  }

  // The finish bar sits in the order's sticky header, with the status and the actions.
  const bar = (
    <>
      <section className="ws-queue-bar" aria-label={title}>
        <div className="ws-queue-bar__title">
          <p>
            <strong>{title}</strong>
          </p>
          {lastLine}
        </div>
        <Select
          id="queue-result"
          label={t('workspace.finishResult')}
          value={result}
          error={resultError}
          onChange={(event) => setResult(event.target.value)}
          emptyLabel={t('workspace.chooseResult')}
          items={results.map((s) => ({ value: String(s.id), label: `${s.id} · ${s.text}` }))}
          {...shortcutTarget('status')}
        />
        <Button
          type="button"
          pending={pending === 'next'}
          onClick={() => void finish('next')}
          {...shortcutTarget('finishNext')}
        >
          {t('workspace.finishNext')}
        </Button>
        <Button type="button" variant="secondary" pending={pending === 'stop'} onClick={() => void finish('stop')}>
          {t('workspace.finishStop')}
        </Button>
        <Button type="button" variant="secondary" pending={pending === 'pause'} onClick={() => void pause()}>
          {t('workspace.pause')}
        </Button>
        {queue === 'default' ? <TicketQueue headingLevel={null} /> : null}
      </section>
      {error ? <Alert>{errorText(error, t)}</Alert> : null}
    </>
  );
  // The order just finished is confirmed on the lock's line under the title, not on a line of its own: from the
  // loop's second order on, a line more would push the note box below a laptop's 768 px (npm run bench:agent).
  const finished =
    finishedId !== null ? <Alert tone="success">{t('workspace.finished', { id: finishedId })}</Alert> : null;
  return <ItemWorkspace itemId={itemId} toolbar={bar} notice={finished} />;
}
