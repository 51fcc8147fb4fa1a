import { useEffect, useState, type FormEvent } from 'react';
import { panelStatusTone } from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import type { BackofficeItem, PanelStatus } from '../../../../shared/lib/api-contract';
import { Alert, Button, Select, StatusTag } from '../../../../shared/ui';
import { useChangeStatus } from '../api/item-actions';
import { shortcutTarget } from '../../shared';
import { ItemSection } from './item-sections';

/**
 * Changes the panel status, sending the `updated_at` the agent saw: if someone else changed the item meanwhile the
 * server answers 409 VERSION_CONFLICT, the message is shown and the item reloaded.
 */
export function StatusForm({
  item,
  statuses,
  onStale,
}: {
  item: BackofficeItem;
  statuses: PanelStatus[];
  onStale: () => void;
}) {
  const t = useT();
  const change = useChangeStatus(String(item.item_id));
  const [statusId, setStatusId] = useState(String(item.panel_status_id));
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  // After a reload (ours or a stale-item refresh) the select starts again from the current status; the message stays.
  useEffect(() => {
    setStatusId(String(item.panel_status_id));
  }, [item.panel_status_id, item.updated_at]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    change.mutate(
      { panelStatusId: Number(statusId), updatedAt: item.updated_at },
      {
        onSuccess: (updated) =>
          setMessage({ tone: 'success', text: t('backoffice.statusChanged', { status: updated.status_text }) }),
        onError: (error) => {
          setMessage({ tone: 'error', text: errorText(error, t) });
          if (isApiError(error, 409)) onStale();
        },
      },
    );
  }

  return (
    <ItemSection id="estado" title={t('backoffice.sectionStatus')}>
      <p>
        {t('backoffice.currentStatus')}{' '}
        <StatusTag text={item.status_text} tone={panelStatusTone(item.panel_status_id)} />
      </p>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <form className="inline-form" noValidate onSubmit={submit}>
        <Select
          id="new-status"
          name="panel_status_id"
          label={t('backoffice.newStatus')}
          value={statusId}
          onChange={(e) => setStatusId(e.target.value)}
          items={statuses.map((s) => ({ value: String(s.id), label: `${s.id} · ${s.text}` }))}
          {...shortcutTarget('status')}
        />
        <Button pending={change.isPending}>{t('backoffice.changeStatus')}</Button>
      </form>
    </ItemSection>
  );
}
