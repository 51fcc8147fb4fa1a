import { PanelStatus as PANEL_STATUS, type Action } from '@ventanilla/domain';
import type { BackofficeItem } from '../../../../../shared/lib/api-contract';
import type { ItemActionPath } from '../../api/item-actions';

/** The dialogs: every simple action but resending the payment link, and finishing. */
export type DialogName = Exclude<ItemActionPath, 'lead/resend' | 'data-changes/alert'> | 'finish';

/** A button of the panel: a dialog to open, or resending the payment link (no dialog). */
export type ActionButton = DialogName | 'lead/resend';

/**
 * The panel's buttons for an item, in order: each needs its permission (the domain's table; notaries see fewer) and
 * applies to the item's state (an unpaid lead has only the lead actions and the planning ones). A queue tab has its
 * own finish bar, so finishing is not offered twice there.
 */
export function actionButtons(
  item: BackofficeItem,
  may: (action: Action) => boolean,
  inQueue: boolean,
): ActionButton[] {
  const unpaid = item.panel_status_id === PANEL_STATUS.PendingPayment;
  const buttons: Array<[ActionButton, Action, boolean]> = [
    ['finish', 'backoffice.items.finish', !inQueue && !unpaid],
    ['close', 'backoffice.items.close', !unpaid && item.panel_status_id !== PANEL_STATUS.Closed],
    ['not-processing', 'backoffice.items.close', !unpaid && item.panel_status_id !== PANEL_STATUS.Denied],
    ['postpone', 'backoffice.items.postpone', true],
    ['delegate', 'backoffice.items.delegate', true],
    ['reference', 'backoffice.items.reference', true],
    ['priority', 'backoffice.items.plan', true],
    ['deadline', 'backoffice.items.plan', true],
    ['provider', 'backoffice.items.plan', true],
    ['client-status', 'backoffice.items.clientStatus', !unpaid],
    ['attributes', 'backoffice.items.attributes', true],
    ['lead/resend', 'backoffice.items.leads', unpaid],
    ['lead/closed-lost', 'backoffice.items.leads', unpaid],
  ];
  return buttons.filter(([, permission, when]) => when && may(permission)).map(([name]) => name);
}
