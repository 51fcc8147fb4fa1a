import { useT } from '../../../shared/i18n';
import { RadioGroup } from '../../../shared/ui';
import type { PaymentMethod } from '../api/payment-methods';
import { METHOD_HINTS, METHOD_NAMES } from '../lib/payment-reasons';

/** The store's payment methods as one accessible radio group (fieldset + legend), each with what happens next. */
export function MethodChoice({
  methods,
  value,
  onChange,
  error,
  id = 'payment-method',
}: {
  methods: PaymentMethod[];
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  id?: string;
}) {
  const t = useT();
  return (
    <RadioGroup
      id={id}
      name="payment_method"
      legend={t('checkout.paymentMethod')}
      items={methods.map((m) => {
        const name = METHOD_NAMES[m.code];
        const hint = METHOD_HINTS[m.code];
        return { value: m.code, label: name ? t(name) : (m.title ?? m.code), ...(hint ? { hint: t(hint) } : {}) };
      })}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** The method to preselect: one chosen in the last 5 minutes, else the customer's preferred one, else the only one. */
export function initialMethod(
  methods: PaymentMethod[],
  justSelected: string | null,
  preferred: string | null | undefined,
): string {
  const offered = (code: string | null | undefined) => (code && methods.some((m) => m.code === code) ? code : null);
  return offered(justSelected) ?? offered(preferred) ?? (methods.length === 1 ? methods[0]!.code : '');
}
