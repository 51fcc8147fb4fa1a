import { useState } from 'react';
import { errorText } from '../../../shared/auth/error-text';
import { useT } from '../../../shared/i18n';
import { Alert, Button, ButtonGroup } from '../../../shared/ui';
import { useQuoteLink, useRevokeQuoteLinks } from '../api/update-cart-item';

/**
 * "Que pague otra persona": a signed link (payment/quote/{quote_id}#k=...) the owner sends to whoever pays (a
 * company's accountant). Changing the cart or "Anular enlaces" ends every link given so far.
 */
export function QuoteLinkSection() {
  const t = useT();
  const create = useQuoteLink();
  const revoke = useRevokeQuoteLinks();
  const [revoked, setRevoked] = useState(false);
  const url = create.data ? `${window.location.origin}${create.data.url}` : null;

  return (
    <section aria-labelledby="quote-link-title" className="quote-link">
      <h2 id="quote-link-title">{t('quoteLink.title')}</h2>
      <p>{t('quoteLink.intro')}</p>
      {create.isError ? <Alert>{errorText(create.error, t)}</Alert> : null}
      {revoke.isError ? <Alert>{errorText(revoke.error, t)}</Alert> : null}
      {revoked ? <Alert tone="success">{t('quoteLink.revoked')}</Alert> : null}
      {url && !revoked ? (
        <div className="inset-text">
          <label htmlFor="quote-link-url">{t('quoteLink.label')}</label>
          <input id="quote-link-url" className="input" readOnly value={url} onFocus={(e) => e.target.select()} />
          <p className="secondary-text">{t('quoteLink.expires', { date: create.data!.expires_at.slice(0, 10) })}</p>
        </div>
      ) : null}
      <ButtonGroup>
        <Button
          type="button"
          variant="secondary"
          pending={create.isPending}
          onClick={() => {
            setRevoked(false);
            create.mutate();
          }}
        >
          {t('quoteLink.create')}
        </Button>
        {url && !revoked ? (
          <Button
            type="button"
            variant="secondary"
            pending={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onSuccess: () => setRevoked(true) })}
          >
            {t('quoteLink.revoke')}
          </Button>
        ) : null}
      </ButtonGroup>
    </section>
  );
}
