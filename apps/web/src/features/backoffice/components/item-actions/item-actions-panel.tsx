import { useContext, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  checkPriority,
  checkProviderId,
  checkReason,
  checkReference,
  isWorkStatus,
  itemActionMessage,
  PanelStatus as PANEL_STATUS,
  PRIORITY_MAX,
  PRIORITY_MIN,
  PROVIDER_ID_MAX,
  REASON_MAX,
  REFERENCE_MAX,
  translateDomainMessage,
  type ActionCheck,
  type Action,
} from '@ventanilla/domain';
import { errorText, NO_ERRORS, toFormErrors, userCan, useUser, type FormErrors } from '../../../../shared/auth';
import { useLanguage, useT } from '../../../../shared/i18n';
import type { BackofficeItem, PanelStatus } from '../../../../shared/lib/api-contract';
import { Alert, Button, Select, TextInput, Textarea } from '../../../../shared/ui';
import { useAgents, useFinishItem, useItemAction, type ItemActionPath } from '../../api/item-actions';
import { ItemSection } from '../item-sections';
import { WorkspaceContext } from '../workspace-context';
import { ActionDialog } from './action-dialog';
import './item-actions.css';
import { isReloadError } from './reload-error';

type DialogName =
  | 'finish'
  | 'close'
  | 'not-processing'
  | 'postpone'
  | 'delegate'
  | 'reference'
  | 'priority'
  | 'deadline'
  | 'provider'
  | 'lead/closed-lost';

/** `datetime-local` value (the agent's local time) -> ISO 8601 in UTC, as the API wants it; null when blank/invalid. */
function localToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** ISO -> `datetime-local` value in the agent's time. */
function isoToLocal(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Every action on the item (docs/backoffice.md, "Actions"): buttons that open accessible dialogs. Each write sends the
 * item's version; a 409 (the item changed) or 423 (another agent holds it) closes the dialog, shows the message and
 * reloads the item. Buttons follow the permission table (notaries see fewer). A queue tab has its own finish bar, so
 * finishing is not offered twice there.
 */
export function ItemActionsPanel({ item, statuses }: { item: BackofficeItem; statuses: PanelStatus[] }) {
  const t = useT();
  const language = useLanguage();
  const user = useUser();
  const navigate = useNavigate();
  // Inside a queue tab (-1, -2) the queue's own finish bar finishes the item.
  const workspace = useContext(WorkspaceContext);
  const inQueue = workspace?.workspace.active === '-1' || workspace?.workspace.active === '-2';
  const itemId = String(item.item_id);
  const action = useItemAction(itemId);
  const finish = useFinishItem(itemId);
  const agents = useAgents();
  const [open, setOpen] = useState<DialogName | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});

  const may = (permission: Action) => userCan(user, permission);
  const unpaid = item.panel_status_id === PANEL_STATUS.PendingPayment;
  const value = (name: string) => values[name] ?? '';
  const set = (name: string) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  function openDialog(name: DialogName) {
    setErrors(NO_ERRORS);
    setNotice(null);
    setValues({
      referencia: item.referencia ?? '',
      priority: String(item.priority),
      provider_id: item.provider_id ?? '',
      deadline_at: isoToLocal(item.deadline_at),
      until: isoToLocal(item.standby_until),
      asignee_id: item.asignee ? String(item.asignee.id) : '',
    });
    setOpen(name);
  }

  function close() {
    setOpen(null);
    setErrors(NO_ERRORS);
  }

  /** Errors from the domain's own rules, before anything is sent (the server checks them again). */
  function refuse(field: string, check: ActionCheck<unknown>, params: Record<string, number> = {}): boolean {
    if (check.ok) return false;
    const text = translateDomainMessage(language, itemActionMessage(check.reason, params));
    setErrors({ byField: { [field]: text }, summary: [{ href: `#action-${field}`, text }] });
    document.getElementById(`action-${field}`)?.focus();
    return true;
  }

  function failed(error: unknown, fields: string[]) {
    if (isReloadError(error)) {
      // The item changed or someone else holds it: say so on the page; onSettled reloads it.
      setOpen(null);
      setErrors(NO_ERRORS);
      setNotice({ tone: 'error', text: errorText(error, t) });
      return;
    }
    setErrors(toFormErrors(error, 'action', fields, fields[0] ?? 'submit', t));
  }

  function run(path: ItemActionPath, body: Record<string, unknown>, done: string, fields: string[] = []) {
    action.mutate(
      { path, body, version: item.updated_at },
      {
        onSuccess: () => {
          setOpen(null);
          setNotice({ tone: 'success', text: done });
        },
        onError: (error) => (open ? failed(error, fields) : setNotice({ tone: 'error', text: errorText(error, t) })),
      },
    );
  }

  function submitFinish(then: 'next' | 'stop') {
    const status = Number(value('status'));
    if (!value('status')) {
      const text = t('workspace.resultRequired');
      setErrors({ byField: { status: text }, summary: [{ href: '#action-status', text }] });
      return;
    }
    finish.mutate(
      { status, then, version: item.updated_at },
      {
        onSuccess: (result) => {
          setOpen(null);
          if (result.next) void navigate(`/agentes/pedido/${result.next.item_id}`);
          else if (then === 'stop') void navigate(workspace ? workspace.hrefOf('0') : '/agentes/0');
          else setNotice({ tone: 'success', text: t('itemActions.finishedNothingNext') });
        },
        onError: (error) => failed(error, ['status']),
      },
    );
  }

  const results = statuses.filter((s) => s.id !== 0 && !isWorkStatus(s.id));
  const pending = action.isPending || finish.isPending;
  const dialogProps = (name: DialogName, submitLabel: string, onSubmit: () => void, description?: string) => ({
    id: `dialog-${name.replace('/', '-')}`,
    title: t(`itemActions.title.${name}`),
    description,
    submitLabel,
    pending,
    errors,
    onSubmit,
    onClose: close,
  });

  const buttons: Array<[DialogName | 'lead/resend', Action, boolean]> = [
    ['finish', 'backoffice.items.finish', !inQueue && !unpaid],
    ['close', 'backoffice.items.close', !unpaid && item.panel_status_id !== PANEL_STATUS.Closed],
    ['not-processing', 'backoffice.items.close', !unpaid && item.panel_status_id !== PANEL_STATUS.Denied],
    ['postpone', 'backoffice.items.postpone', true],
    ['delegate', 'backoffice.items.delegate', true],
    ['reference', 'backoffice.items.reference', true],
    ['priority', 'backoffice.items.plan', true],
    ['deadline', 'backoffice.items.plan', true],
    ['provider', 'backoffice.items.plan', true],
    ['lead/resend', 'backoffice.items.leads', unpaid],
    ['lead/closed-lost', 'backoffice.items.leads', unpaid],
  ];
  const shown = buttons.filter(([, permission, when]) => when && may(permission));
  if (shown.length === 0) return null;

  return (
    <ItemSection id="acciones" title={t('itemActions.section')}>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className="item-actions__buttons">
        {shown.map(([name]) =>
          name === 'lead/resend' ? (
            <Button
              key={name}
              type="button"
              variant="secondary"
              pending={action.isPending && action.variables?.path === 'lead/resend'}
              onClick={() => run('lead/resend', {}, t('itemActions.done.lead/resend'))}
            >
              {t('itemActions.button.lead/resend')}
            </Button>
          ) : (
            <Button
              key={name}
              type="button"
              variant={name === 'finish' ? 'primary' : 'secondary'}
              aria-haspopup="dialog"
              onClick={() => openDialog(name)}
            >
              {t(`itemActions.button.${name}`)}
            </Button>
          ),
        )}
      </div>

      {open === 'finish' ? (
        <ActionDialog
          {...dialogProps('finish', t('workspace.finishNext'), () => submitFinish('next'), t('itemActions.finishHint'))}
        >
          <Select
            id="action-status"
            label={t('workspace.finishResult')}
            value={value('status')}
            error={errors.byField.status}
            onChange={set('status')}
            emptyLabel={t('workspace.chooseResult')}
            items={results.map((s) => ({ value: String(s.id), label: `${s.id} · ${s.text}` }))}
          />
          <Button type="button" variant="secondary" pending={finish.isPending} onClick={() => submitFinish('stop')}>
            {t('workspace.finishStop')}
          </Button>
        </ActionDialog>
      ) : null}

      {open === 'close' ? (
        <ActionDialog
          {...dialogProps(
            'close',
            t('itemActions.button.close'),
            () => run('close', {}, t('itemActions.done.close')),
            t('itemActions.closeHint'),
          )}
        />
      ) : null}

      {open === 'not-processing' ? (
        <ActionDialog
          {...dialogProps('not-processing', t('itemActions.button.not-processing'), () => {
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
            error={errors.byField.reason}
            onChange={set('reason')}
          />
        </ActionDialog>
      ) : null}

      {open === 'postpone' ? (
        <ActionDialog
          {...dialogProps('postpone', t('itemActions.button.postpone'), () => {
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
            error={errors.byField.until}
            onChange={set('until')}
          />
        </ActionDialog>
      ) : null}

      {open === 'delegate' ? (
        <ActionDialog
          {...dialogProps('delegate', t('itemActions.button.delegate'), () => {
            const id = value('asignee_id');
            run('delegate', { asignee_id: id ? Number(id) : null }, t('itemActions.done.delegate'), ['asignee_id']);
          })}
        >
          <Select
            id="action-asignee_id"
            label={t('itemActions.delegateTo')}
            value={value('asignee_id')}
            error={errors.byField.asignee_id}
            onChange={set('asignee_id')}
            emptyLabel={t('itemActions.nobody')}
            items={(agents.data?.items ?? [])
              .filter((a) => a.role !== 'notary')
              .map((a) => ({ value: String(a.id), label: a.name }))}
          />
        </ActionDialog>
      ) : null}

      {open === 'reference' ? (
        <ActionDialog
          {...dialogProps('reference', t('itemActions.save'), () => {
            if (refuse('referencia', checkReference(value('referencia')), { max: REFERENCE_MAX })) return;
            run('reference', { referencia: value('referencia') || null }, t('itemActions.done.reference'), [
              'referencia',
            ]);
          })}
        >
          <TextInput
            id="action-referencia"
            label={t('orders.reference')}
            hint={t('itemActions.blankRemoves')}
            value={value('referencia')}
            error={errors.byField.referencia}
            onChange={set('referencia')}
            maxLength={REFERENCE_MAX * 2}
          />
        </ActionDialog>
      ) : null}

      {open === 'priority' ? (
        <ActionDialog
          {...dialogProps('priority', t('itemActions.save'), () => {
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
            error={errors.byField.priority}
            onChange={set('priority')}
          />
        </ActionDialog>
      ) : null}

      {open === 'deadline' ? (
        <ActionDialog
          {...dialogProps('deadline', t('itemActions.save'), () => {
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
            error={errors.byField.deadline_at}
            onChange={set('deadline_at')}
          />
        </ActionDialog>
      ) : null}

      {open === 'provider' ? (
        <ActionDialog
          {...dialogProps('provider', t('itemActions.save'), () => {
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
            error={errors.byField.provider_id}
            onChange={set('provider_id')}
          />
        </ActionDialog>
      ) : null}

      {open === 'lead/closed-lost' ? (
        <ActionDialog
          {...dialogProps(
            'lead/closed-lost',
            t('itemActions.button.lead/closed-lost'),
            () => run('lead/closed-lost', {}, t('itemActions.done.lead/closed-lost')),
            t('itemActions.leadLostHint'),
          )}
        />
      ) : null}
    </ItemSection>
  );
}
