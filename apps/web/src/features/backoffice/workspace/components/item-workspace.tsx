import { useEffect, useState, type ReactNode } from 'react';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { errorText, userCan, useUser } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { Alert, Button } from '../../../../shared/ui';
import { useItem } from '../../shared';
import { workspaceApi, workspaceKeys } from '../api/workspace-queries';
import { ItemDetailRoute } from '../../items';
import { useWorkspaceLocks } from '../../shared';

/** How often an open order asks whether it changed (spec: "a periodic change check"). */
export const CHANGE_CHECK_MS = 5_000;

/**
 * The change check: polls `GET .../changes` while the order is on screen and reloads it, with a notice, when its
 * `updated_at` or its number of history lines differ from what is shown (another agent, the customer, a payment).
 */
function useChangeCheck(itemId: number) {
  const item = useItem(String(itemId));
  const writing = useIsMutating() > 0;
  const [changed, setChanged] = useState(false);
  const changes = useQuery({
    queryKey: workspaceKeys.changes(itemId),
    queryFn: ({ signal }) => workspaceApi.changes(itemId, signal),
    enabled: item.isSuccess,
    refetchInterval: CHANGE_CHECK_MS,
    staleTime: 0,
  });
  const { data } = item;
  useEffect(() => {
    if (!changes.data || !data || writing || changes.dataUpdatedAt < item.dataUpdatedAt) return;
    const differs =
      Date.parse(changes.data.updated_at) !== Date.parse(data.updated_at) ||
      changes.data.history_lines !== data.history.length;
    if (!differs || item.isFetching) return;
    setChanged(true);
    void item.refetch();
    // Compare each new answer of the change check once.
  }, [changes.dataUpdatedAt]);
  useEffect(() => setChanged(false), [itemId]);
  return changed;
}

/** The lock of the order on screen: held by the agent, or the spec's lock message with a force-unlock button. */
function LockBanner({ itemId }: { itemId: number }) {
  const t = useT();
  const user = useUser();
  const { locks, forceUnlock } = useWorkspaceLocks();
  const [forcing, setForcing] = useState(false);
  const [forced, setForced] = useState(false);
  const [forceError, setForceError] = useState<unknown>(null);
  const lock = locks[itemId];
  useEffect(() => {
    setForced(false);
    setForceError(null);
  }, [itemId]);

  async function force() {
    setForcing(true);
    setForceError(null);
    try {
      await forceUnlock(itemId);
      setForced(true);
    } catch (error) {
      setForceError(error);
    } finally {
      setForcing(false);
    }
  }

  if (!lock || lock.status === 'taking' || lock.status === 'background') return null;
  if (lock.status === 'error') return <Alert>{t('workspace.lockError', { message: errorText(lock.error, t) })}</Alert>;
  if (lock.status === 'held') {
    return (
      <>
        {forced ? <Alert tone="success">{t('workspace.forced')}</Alert> : null}
        <p className="secondary-text">{t('workspace.heldByYou')}</p>
      </>
    );
  }
  return (
    <Alert title={t('workspace.lockedTitle')}>
      <p>{lock.message ?? t('workspace.lockedBy', { holder: lock.holderName })}</p>
      <p>{t('workspace.readOnly')}</p>
      {forceError ? <p>{errorText(forceError, t)}</p> : null}
      {userCan(user, 'backoffice.items.forceUnlock') ? (
        <Button type="button" variant="warning" pending={forcing} onClick={() => void force()}>
          {t('workspace.forceUnlock')}
        </Button>
      ) : null}
    </Alert>
  );
}

/**
 * An order in a tab ("Pedido {id}", or the item a queue tab gave): its lock, the change check, and the item page
 * itself (item-detail.route.tsx), which shows both in its sticky header, with the queue's finish bar as `toolbar`
 * and the queue's confirmation of the order just finished as `notice`, beside the lock.
 */
export function ItemWorkspace({
  itemId,
  toolbar,
  notice,
}: {
  itemId: number;
  toolbar?: ReactNode;
  notice?: ReactNode;
}) {
  const t = useT();
  const changed = useChangeCheck(itemId);
  return (
    <ItemDetailRoute
      itemId={String(itemId)}
      toolbar={toolbar}
      notices={
        <>
          <LockBanner itemId={itemId} />
          {notice}
          {changed ? <Alert tone="info">{t('workspace.changedNotice')}</Alert> : null}
        </>
      }
    />
  );
}
