import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
// Not shared/auth's index: its sign-in and logout screens need the router, which a page of islands goes without.
import { errorText } from '../../shared/auth/error-text';
import { useImpersonation } from '../../shared/auth/impersonation';
import { refreshAfterAuthChange, useUser } from '../../shared/auth/session';
import { useFormat, useT } from '../../shared/i18n';
import { api } from '../../shared/lib/api-client';
import { Button, useNavigateTo } from '../../shared/ui';

/**
 * "Estás viendo la tienda como {email}": shown on every shop page while an admin is logged in as a customer
 * (docs/backoffice.md, "Log in as the customer"), with the way back to the back office, which ends the impersonation
 * and signs the admin in again.
 */
export function ImpersonationBanner() {
  const t = useT();
  const format = useFormat();
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigateTo();
  const imp = useImpersonation();
  // The way back navigates from the mutation's own callbacks, which run first and even if the banner has gone: the
  // session refresh makes the user an admin again, which unmounts this banner, and callbacks given to mutate() would
  // then never run (the page stayed on the shop).
  const back = useMutation({
    mutationFn: (_customerId: number) => api.DELETE('/api/me/impersonation'),
    onSuccess: (_data, customerId) => navigate(`/agentes/client?id=${customerId}`),
    onError: () => navigate('/agentes'),
    onSettled: () => refreshAfterAuthChange(queryClient),
  });
  const ref = useRef<HTMLElement>(null);
  const shown = Boolean(user && imp);
  // The banner stays above every dialog of the shop: modal dialogs live in the browser's top layer, which no z-index
  // outranks, so while it is shown the page says how tall it is and the shop's dialogs and their backdrops start
  // below it (layout.css, html[data-impersonating]).
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!shown || !banner) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--impersonation-height', `${banner.offsetHeight}px`);
    measure();
    root.dataset.impersonating = 'true';
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      delete root.dataset.impersonating;
      root.style.removeProperty('--impersonation-height');
    };
  }, [shown]);
  if (!user || !imp) return null;
  const customerId = user.id;

  return (
    <section ref={ref} className="impersonation-banner" aria-label={t('impersonation.region')}>
      <div className="page-container impersonation-banner__inner">
        <p>
          <strong>{t('impersonation.viewingAs', { email: imp.customer_email })}</strong>{' '}
          {t('impersonation.until', { time: format.time(imp.expires_at) })}
        </p>
        <Button type="button" variant="secondary" pending={back.isPending} onClick={() => back.mutate(customerId)}>
          {t('impersonation.back')}
        </Button>
        {back.isError ? <p role="alert">{errorText(back.error, t)}</p> : null}
      </div>
    </section>
  );
}
