import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import { Alert, Button } from '../../../../shared/ui';

/** A save refused with 409 (someone saved the product meanwhile): say so and offer to reload it; else nothing. */
export function StaleProductAlert({ failure, onReload }: { failure: Error | null; onReload: () => void }) {
  const t = useT();
  if (failure === null || !isApiError(failure, 409)) return null;
  return (
    <Alert title={errorText(failure, t)}>
      <Button type="button" variant="secondary" onClick={onReload}>
        {t('catalogAdmin.reload')}
      </Button>
    </Alert>
  );
}
