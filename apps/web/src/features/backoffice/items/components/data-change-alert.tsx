import { useT } from '../../../../shared/i18n';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { errorText } from '../../../../shared/auth';
import { Alert, Checkbox } from '../../../../shared/ui';
import { useItemAction } from '../api/item-actions';

/** The history action of a customer's correction of the item's answers. */
const DATA_CHANGED = 'respuestas_corregidas';

/**
 * The data-change alert (spec: getHistoricoCambiosDatos, disableHistoryAlert): a warning while the customer changed
 * the item's data since it was last switched off, and its switch. Shown only for items whose data changed.
 */
export function DataChangeAlert({ item }: { item: BackofficeItem }) {
  const t = useT();
  const action = useItemAction(String(item.item_id));
  if (!item.history.some((h) => h.accion === DATA_CHANGED)) return null;
  return (
    <div className="data-change-alert">
      {item.data_change_alert ? (
        <Alert tone="info">
          {t('dataChanges.alert')} <a href="#correcciones">{t('dataChanges.title')}</a>
        </Alert>
      ) : null}
      <Checkbox
        id="data-change-alert"
        label={t('dataChanges.switch')}
        hint={t('dataChanges.switchHint')}
        checked={item.data_change_alert}
        disabled={action.isPending}
        error={action.error ? errorText(action.error, t) : undefined}
        onChange={(event) =>
          action.mutate({
            path: 'data-changes/alert',
            body: { on: event.target.checked },
            version: item.updated_at,
          })
        }
      />
    </div>
  );
}
