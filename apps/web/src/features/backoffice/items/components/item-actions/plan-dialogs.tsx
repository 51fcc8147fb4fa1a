import { checkPriority, checkProviderId, PRIORITY_MAX, PRIORITY_MIN, PROVIDER_ID_MAX } from '@ventanilla/domain';
import { useT } from '../../../../../shared/i18n';
import { TextInput } from '../../../../../shared/ui';
import { ActionDialog } from './action-dialog';
import { localToIso } from './action-dates';
import { dialogProps } from './dialog-props';
import type { ItemActions } from './use-item-actions';

/** The item's priority in the queues (a whole number within the domain's bounds). */
export function PriorityDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const { value, refuse, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'priority', t('itemActions.save'), () => {
        const raw = value('priority').trim();
        const n = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
        if (refuse('priority', checkPriority(n), { min: PRIORITY_MIN, max: PRIORITY_MAX })) return;
        run('priority', { priority: n }, t('itemActions.done.priority'), ['priority']);
      })}
    >
      <TextInput
        id="action-priority"
        type="number"
        inputMode="numeric"
        min={PRIORITY_MIN}
        max={PRIORITY_MAX}
        label={t('itemActions.priority')}
        hint={t('itemActions.priorityHint', { min: PRIORITY_MIN, max: PRIORITY_MAX })}
        value={value('priority')}
        error={actions.errors.byField.priority}
        onChange={actions.set('priority')}
      />
    </ActionDialog>
  );
}

/** The item's deadline (blank removes it). */
export function DeadlineDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const { value, refuse, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'deadline', t('itemActions.save'), () => {
        const deadline = localToIso(value('deadline_at'));
        if (deadline === null && value('deadline_at') !== '') {
          refuse('deadline_at', { ok: false, reason: 'bad_date' });
          return;
        }
        run('deadline', { deadline_at: deadline }, t('itemActions.done.deadline'), ['deadline_at']);
      })}
    >
      <TextInput
        id="action-deadline_at"
        type="datetime-local"
        label={t('itemActions.deadline')}
        hint={t('itemActions.blankRemoves')}
        value={value('deadline_at')}
        error={actions.errors.byField.deadline_at}
        onChange={actions.set('deadline_at')}
      />
    </ActionDialog>
  );
}

/** The provider's id for the item (blank removes it). */
export function ProviderDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const { value, refuse, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'provider', t('itemActions.save'), () => {
        if (refuse('provider_id', checkProviderId(value('provider_id')), { max: PROVIDER_ID_MAX })) return;
        run('provider', { provider_id: value('provider_id').trim() || null }, t('itemActions.done.provider'), [
          'provider_id',
        ]);
      })}
    >
      <TextInput
        id="action-provider_id"
        label={t('itemActions.provider')}
        hint={t('itemActions.providerHint')}
        value={value('provider_id')}
        error={actions.errors.byField.provider_id}
        onChange={actions.set('provider_id')}
      />
    </ActionDialog>
  );
}
