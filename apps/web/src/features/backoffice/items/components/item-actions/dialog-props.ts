import type { Translate } from '../../../../../shared/i18n';
import type { DialogName } from './item-action-buttons';
import type { ItemActions } from './use-item-actions';

/** What every action dialog shares: its id and title from its name, the panel's errors, pending state and close. */
export function dialogProps(
  actions: ItemActions,
  t: Translate,
  name: DialogName,
  submitLabel: string,
  onSubmit: () => void,
  description?: string,
) {
  return {
    id: `dialog-${name.replace('/', '-')}`,
    title: t(`itemActions.title.${name}`),
    description,
    submitLabel,
    pending: actions.pending,
    errors: actions.errors,
    onSubmit,
    onClose: actions.close,
  };
}
