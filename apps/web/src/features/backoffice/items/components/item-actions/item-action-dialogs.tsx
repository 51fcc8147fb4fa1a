import { isWorkStatus } from '@ventanilla/domain';
import { useT } from '../../../../../shared/i18n';
import type { PanelStatus } from '../../../../../shared/lib/api-contract';
import { Button, Select } from '../../../../../shared/ui';
import { ActionDialog } from './action-dialog';
import { dialogProps } from './dialog-props';
import { AttributesDialog, ClientStatusDialog, DeadlineDialog, PriorityDialog, ProviderDialog } from './plan-dialogs';
import { DelegateDialog, NotProcessingDialog, PostponeDialog, ReferenceDialog } from './work-dialogs';
import type { ItemActions } from './use-item-actions';

/** The open action's dialog, if any. */
export function ItemActionDialog({ actions, statuses }: { actions: ItemActions; statuses: PanelStatus[] }) {
  const t = useT();
  const { run } = actions;
  switch (actions.open) {
    case null:
      return null;
    case 'finish':
      return <FinishDialog actions={actions} statuses={statuses} />;
    case 'close':
      return (
        <ActionDialog
          {...dialogProps(
            actions,
            t,
            'close',
            t('itemActions.button.close'),
            () => run('close', {}, t('itemActions.done.close')),
            t('itemActions.closeHint'),
          )}
        />
      );
    case 'lead/closed-lost':
      return (
        <ActionDialog
          {...dialogProps(
            actions,
            t,
            'lead/closed-lost',
            t('itemActions.button.lead/closed-lost'),
            () => run('lead/closed-lost', {}, t('itemActions.done.lead/closed-lost')),
            t('itemActions.leadLostHint'),
          )}
        />
      );
    case 'not-processing':
      return <NotProcessingDialog actions={actions} />;
    case 'postpone':
      return <PostponeDialog actions={actions} />;
    case 'delegate':
      return <DelegateDialog actions={actions} />;
    case 'reference':
      return <ReferenceDialog actions={actions} />;
    case 'priority':
      return <PriorityDialog actions={actions} />;
    case 'deadline':
      return <DeadlineDialog actions={actions} />;
    case 'provider':
      return <ProviderDialog actions={actions} />;
    case 'client-status':
      return <ClientStatusDialog actions={actions} />;
    case 'attributes':
      return <AttributesDialog actions={actions} />;
  }
}

/** Finishing: a result (not a work status), then the queue's next item or back to the list. */
function FinishDialog({ actions, statuses }: { actions: ItemActions; statuses: PanelStatus[] }) {
  const t = useT();
  const results = statuses.filter((s) => s.id !== 0 && !isWorkStatus(s.id));
  return (
    <ActionDialog
      {...dialogProps(
        actions,
        t,
        'finish',
        t('workspace.finishNext'),
        () => actions.submitFinish('next'),
        t('itemActions.finishHint'),
      )}
    >
      <Select
        id="action-status"
        label={t('workspace.finishResult')}
        value={actions.value('status')}
        error={actions.errors.byField.status}
        onChange={actions.set('status')}
        emptyLabel={t('workspace.chooseResult')}
        items={results.map((s) => ({ value: String(s.id), label: `${s.id} · ${s.text}` }))}
      />
      <Button
        type="button"
        variant="secondary"
        pending={actions.finishing}
        onClick={() => actions.submitFinish('stop')}
      >
        {t('workspace.finishStop')}
      </Button>
    </ActionDialog>
  );
}
