import { useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/auth/error-text';
import { useT } from '../../../shared/i18n';
import { ApiError } from '../../../shared/lib/api-client';
import type { CartLine } from '../../../shared/lib/api-contract';
import { Alert, Button, TextInput, VisuallyHidden } from '../../../shared/ui';
import { useUpdateCartItem } from '../api/update-cart-item';

/** A line's quantity: typed and sent as is; the server says why a value is refused (1 to 50, whole numbers). */
export function LineQuantity({ line }: { line: CartLine }) {
  const t = useT();
  const update = useUpdateCartItem();
  const [value, setValue] = useState(String(line.qty));
  const id = `qty-${line.id}`;
  const fieldError =
    update.error instanceof ApiError ? update.error.fields?.find((f) => f.field === 'qty')?.message : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ id: line.id, version: line.version, qty: value.trim() });
  }

  return (
    <form className="cart-line__qty" noValidate onSubmit={submit}>
      <TextInput
        id={id}
        label={t('cart.quantity')}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={fieldError}
      />
      <Button type="submit" variant="secondary" pending={update.isPending}>
        {t('cart.updateQuantity')}
        <VisuallyHidden> {line.product_name}</VisuallyHidden>
      </Button>
      {update.isError && !fieldError ? <Alert>{errorText(update.error, t)}</Alert> : null}
    </form>
  );
}
