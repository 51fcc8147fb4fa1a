import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { api } from '../../../../shared/lib/api-client';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { Alert, Button } from '../../../../shared/ui';
import { backofficeKeys } from '../../shared';

/**
 * A bank transfer waiting for an agent: once the money shows in the bank, the agent confirms it here
 * (POST /api/backoffice/orders/{order_id}/confirm-transfer: captures the payment and pays the order at once).
 */
export function ConfirmTransfer({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () =>
      api.POST('/api/backoffice/orders/{orderId}/confirm-transfer', {
        params: { path: { orderId: String(item.order_id) } },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(String(item.item_id)) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
  const pending = item.payments.find((p) => p.method === 'bank' && (p.status === 'pending' || p.status === 'created'));
  if (confirm.isSuccess) return <Alert tone="success">{t('transfer.confirmed')}</Alert>;
  if (!pending) return null;
  return (
    <section className="confirm-transfer" aria-labelledby="confirm-transfer-title">
      <h2 id="confirm-transfer-title">{t('transfer.title')}</h2>
      <p>{t('transfer.text', { amount: format.money(pending.amount), concept: String(item.order_id) })}</p>
      {confirm.isError ? <Alert>{errorText(confirm.error, t)}</Alert> : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!confirm.isPending) confirm.mutate();
        }}
      >
        <Button pending={confirm.isPending}>{t('transfer.confirm')}</Button>
      </form>
    </section>
  );
}
