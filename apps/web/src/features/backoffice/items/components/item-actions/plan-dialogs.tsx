import { useState } from 'react';
import {
  checkClientStatus,
  checkItemAttributes,
  checkPriority,
  clientStatusText,
  CLIENT_STATUS_BY_ID,
  PRIORITY_MAX,
  PRIORITY_MIN,
  translateDomainMessage,
} from '@ventanilla/domain';
import { useLanguage, useT } from '../../../../../shared/i18n';
import { Select, Textarea, TextInput } from '../../../../../shared/ui';
import { useProviders } from '../../api/item-actions';
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

/** The item's provider, chosen from the providers configuration list (none removes it). */
export function ProviderDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const providers = useProviders();
  const { value, run } = actions;
  const current = value('provider_id');
  const items = (providers.data?.items ?? []).map((p) => {
    const id = String(p.id);
    return { value: id, label: typeof p.nombre === 'string' && p.nombre ? `${p.nombre} (${id})` : id };
  });
  // A provider set before it was deactivated stays selectable, so saving another field does not drop it by surprise.
  if (current && !items.some((i) => i.value === current)) items.unshift({ value: current, label: current });
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'provider', t('itemActions.save'), () => {
        run('provider', { provider_id: current || null }, t('itemActions.done.provider'), ['provider_id']);
      })}
    >
      <Select
        id="action-provider_id"
        label={t('itemActions.provider')}
        hint={t('itemActions.providerHint')}
        value={current}
        error={actions.errors.byField.provider_id}
        onChange={actions.set('provider_id')}
        emptyLabel={t('itemActions.noProvider')}
        items={items}
      />
    </ActionDialog>
  );
}

/** The status the customer sees, set by hand (the customer is e-mailed); "derived" goes back to the automatic one. */
export function ClientStatusDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const language = useLanguage();
  const { value, refuse, run, item } = actions;
  return (
    <ActionDialog
      {...dialogProps(
        actions,
        t,
        'client-status',
        t('itemActions.save'),
        () => {
          const raw = value('client_status_id');
          const id = raw === '' ? null : Number(raw);
          if (refuse('client_status_id', checkClientStatus(id, item.client_status_id))) return;
          run('client-status', { client_status_id: id }, t('itemActions.done.client-status'), ['client_status_id']);
        },
        t('itemActions.clientStatusHint'),
      )}
    >
      <Select
        id="action-client_status_id"
        label={t('itemActions.clientStatus')}
        value={value('client_status_id')}
        error={actions.errors.byField.client_status_id}
        onChange={actions.set('client_status_id')}
        emptyLabel={t('itemActions.clientStatusDerived')}
        items={Object.entries(CLIENT_STATUS_BY_ID).map(([id, key]) => ({
          value: id,
          label: clientStatusText(key, language),
        }))}
      />
    </ActionDialog>
  );
}

/** Reads the attributes textarea: one `key: value` per line (blank lines skipped). */
export function parseAttributeLines(text: string): { key: string; value: string }[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(':');
      return at === -1 ? { key: line, value: '' } : { key: line.slice(0, at), value: line.slice(at + 1) };
    });
}

/** The item's attributes (spec: atributos), one `key: value` per line. */
export function AttributesDialog({ actions }: { actions: ItemActions }) {
  const t = useT();
  const language = useLanguage();
  const { value, run } = actions;
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ActionDialog
      {...dialogProps(actions, t, 'attributes', t('itemActions.save'), () => {
        const check = checkItemAttributes(parseAttributeLines(value('atributos')));
        if (!check.ok) {
          const first = check.problems[0]!;
          setProblem(
            `${t('itemActions.attributeLine', { line: first.index + 1 })}: ${translateDomainMessage(language, first.message)}`,
          );
          document.getElementById('action-atributos')?.focus();
          return;
        }
        setProblem(null);
        run('attributes', { atributos: check.value }, t('itemActions.done.attributes'), ['atributos']);
      })}
    >
      <Textarea
        id="action-atributos"
        label={t('itemActions.attributes')}
        hint={t('itemActions.attributesHint')}
        value={value('atributos')}
        error={problem ?? actions.errors.byField.atributos}
        onChange={actions.set('atributos')}
        rows={6}
      />
    </ActionDialog>
  );
}
