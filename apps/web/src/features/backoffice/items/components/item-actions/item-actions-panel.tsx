import { userCan, useUser } from '../../../../../shared/auth';
import { useT } from '../../../../../shared/i18n';
import type { BackofficeItem, PanelStatus } from '../../../../../shared/lib/api-contract';
import { Alert, Button } from '../../../../../shared/ui';
import { shortcutTarget } from '../../../shared';
import { ItemSection } from '../item-sections';
import { actionButtons } from './item-action-buttons';
import { ItemActionDialog } from './item-action-dialogs';
import './item-actions.css';
import { useItemActions } from './use-item-actions';

/**
 * Every action on the item (docs/backoffice.md, "Actions"): buttons that open accessible dialogs. Each write sends the
 * item's version; a 409 (the item changed) or 423 (another agent holds it) closes the dialog, shows the message and
 * reloads the item. Buttons follow the permission table (notaries see fewer) (item-action-buttons.ts); the state and
 * writes are use-item-actions.ts's, the dialogs item-action-dialogs.tsx's.
 */
export function ItemActionsPanel({ item, statuses }: { item: BackofficeItem; statuses: PanelStatus[] }) {
  const t = useT();
  const user = useUser();
  const actions = useItemActions(item);
  const shown = actionButtons(item, (permission) => userCan(user, permission), actions.inQueue);
  if (shown.length === 0) return null;

  return (
    <ItemSection id="acciones" title={t('itemActions.section')}>
      {actions.notice ? <Alert tone={actions.notice.tone}>{actions.notice.text}</Alert> : null}
      <div className="item-actions__buttons">
        {shown.map((name) =>
          name === 'lead/resend' ? (
            <Button
              key={name}
              type="button"
              variant="secondary"
              pending={actions.sending === 'lead/resend'}
              onClick={() => actions.run('lead/resend', {}, t('itemActions.done.lead/resend'))}
            >
              {t('itemActions.button.lead/resend')}
            </Button>
          ) : (
            <Button
              key={name}
              type="button"
              variant={name === 'finish' ? 'primary' : 'secondary'}
              aria-haspopup="dialog"
              onClick={() => actions.openDialog(name)}
              {...(name === 'finish' ? shortcutTarget('finishNext') : {})}
            >
              {t(`itemActions.button.${name}`)}
            </Button>
          ),
        )}
      </div>
      <ItemActionDialog actions={actions} statuses={statuses} />
    </ItemSection>
  );
}
