import { checkReason, checkReference, REASON_MAX, REFERENCE_MAX } from '@ventanilla/domain';
import { useT } from '../../../../../shared/i18n';
import { Select, Textarea, TextInput } from '../../../../../shared/ui';
import { useAgents } from '../../api/item-actions';
import { ActionDialog } from './action-dialog';
import { localToIso } from './action-dates';
import { dialogProps } from './dialog-props';
import type { ItemActions } from './use-item-actions';

/** Not processing the item, with the reason the customer is told. */
export function NotProcessingDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const { value, refuse, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'not-processing', t('itemActions.button.not-processing'), () => {
        if (refuse('reason', checkReason(value('reason')), { max: REASON_MAX })) return;
        run('not-processing', { reason: value('reason') }, t('itemActions.done.not-processing'), ['reason']);
      })}
    >
      <Textarea
        id="action-reason"
        label={t('itemActions.reason')}
        hint={t('itemActions.reasonHint')}
        rows={4}
        value={value('reason')}
        error={actions.errors.byField.reason}
        onChange={actions.set('reason')}
      />
    </ActionDialog>
  );
}

/** Postponing until a date (blank resumes it). */
export function PostponeDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const { value, refuse, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'postpone', t('itemActions.button.postpone'), () => {
        const until = localToIso(value('until'));
        if (until === null && value('until') !== '') {
          refuse('until', { ok: false, reason: 'bad_date' });
          return;
        }
        run('postpone', { until }, t(until ? 'itemActions.done.postpone' : 'itemActions.done.resume'), ['until']);
      })}
    >
      <TextInput
        id="action-until"
        type="datetime-local"
        label={t('itemActions.until')}
        hint={t('itemActions.untilHint')}
        value={value('until')}
        error={actions.errors.byField.until}
        onChange={actions.set('until')}
      />
    </ActionDialog>
  );
}

/** Handing the item to another agent (or to nobody). */
export function DelegateDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const agents = useAgents();
  const { value, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'delegate', t('itemActions.button.delegate'), () => {
        const id = value('asignee_id');
        run('delegate', { asignee_id: id ? Number(id) : null }, t('itemActions.done.delegate'), ['asignee_id']);
      })}
    >
      <Select
        id="action-asignee_id"
        label={t('itemActions.delegateTo')}
        value={value('asignee_id')}
        error={actions.errors.byField.asignee_id}
        onChange={actions.set('asignee_id')}
        emptyLabel={t('itemActions.nobody')}
        items={(agents.data?.items ?? [])
          .filter((a) => a.role !== 'notary')
          .map((a) => ({ value: String(a.id), label: a.name }))}
      />
    </ActionDialog>
  );
}

/** The office's own reference for the item (blank removes it). */
export function ReferenceDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const { value, refuse, run } = actions;
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'reference', t('itemActions.save'), () => {
        if (refuse('referencia', checkReference(value('referencia')), { max: REFERENCE_MAX })) return;
        run('reference', { referencia: value('referencia') || null }, t('itemActions.done.reference'), ['referencia']);
      })}
    >
      <TextInput
        id="action-referencia"
        label={t('orders.reference')}
        hint={t('itemActions.blankRemoves')}
        value={value('referencia')}
        error={actions.errors.byField.referencia}
        onChange={actions.set('referencia')}
        maxLength={REFERENCE_MAX * 2}
      />
    </ActionDialog>
  );
}
