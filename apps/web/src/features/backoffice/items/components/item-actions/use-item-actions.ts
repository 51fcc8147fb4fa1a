import { useState } from 'react';
import { useNavigate } from 'react-router';
import { itemActionMessage, translateDomainMessage, type ActionCheck } from '@ventanilla/domain';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../../../shared/auth';
import { useLanguage, useT } from '../../../../../shared/i18n';
import type { BackofficeItem } from '../../../../../shared/lib/api-contract';
import { useFinishItem, useItemAction, type ItemActionPath } from '../../api/item-actions';
import { useOptionalWorkspace } from '../../../shared';
import { isoToLocal } from './action-dates';
import type { DialogName } from './item-action-buttons';
import { isReloadError } from './reload-error';

/**
 * The state and writes of the item's action panel: which dialog is open, its field values and errors, the notice on
 * the panel. Each write sends the item's version; a 409 (the item changed) or 423 (another agent holds it) closes the
 * dialog and shows the server's message (the mutation reloads the item either way).
 */
export function useItemActions(item: BackofficeItem) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const workspace = useOptionalWorkspace();
  const itemId = String(item.item_id);
  const action = useItemAction(itemId);
  const finish = useFinishItem(itemId);
  const [open, setOpen] = useState<DialogName | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});

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
      client_status_id: item.client_status_id === null ? '' : String(item.client_status_id),
      atributos: item.atributos.map((a) => `${a.key}: ${a.value}`).join('\n'),
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

  return {
    item,
    open,
    errors,
    notice,
    value,
    set,
    openDialog,
    close,
    refuse,
    run,
    submitFinish,
    pending: action.isPending || finish.isPending,
    finishing: finish.isPending,
    /** The action being sent, for the button that sends without a dialog (lead/resend). */
    sending: action.isPending ? action.variables?.path : undefined,
    /** Inside a queue tab (-1, -2) the queue's own finish bar finishes the item. */
    inQueue: workspace?.workspace.active === '-1' || workspace?.workspace.active === '-2',
  };
}

export type ItemActions = ReturnType<typeof useItemActions>;
