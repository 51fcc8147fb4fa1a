import { useSearchParams } from 'react-router';
import { useT } from '../i18n';
import { Alert } from '../ui';
import { useSignInOptions } from './auth-api';

const KNOWN_ERRORS = ['OIDC_FAILED', 'OIDC_EMAIL_NOT_VERIFIED', 'OIDC_NO_ROLE'] as const;

/**
 * The identity provider's sign-in button (a link: the server redirects to the provider and back), shown only when the
 * shop has a provider for this audience. `returnTo` is where to land after signing in (a path of this site).
 */
export function ProviderSignIn({
  audience,
  returnTo,
  remember = false,
}: {
  audience: 'customer' | 'staff';
  returnTo?: string;
  remember?: boolean;
}) {
  const t = useT();
  const options = useSignInOptions();
  const provider = audience === 'customer' ? options.data?.customer_provider : options.data?.staff_provider;
  if (!provider) return null;
  const query = new URLSearchParams();
  if (remember) query.set('remember', '1');
  if (returnTo) query.set('return_to', returnTo);
  const href = query.size > 0 ? `${provider.start_url}?${query.toString()}` : provider.start_url;
  return (
    <section aria-labelledby={`${audience}-provider-title`} className="provider-sign-in">
      <h2 id={`${audience}-provider-title`}>{t('auth.providerTitle', { name: provider.name })}</h2>
      <p>
        <a className="button button--secondary" href={href}>
          {t('auth.providerButton', { name: provider.name })}
        </a>
      </p>
    </section>
  );
}

/** The reason an identity-provider sign-in came back refused (`?sign_in_error=CODE`), in the store's language. */
export function SignInErrorAlert() {
  const t = useT();
  const [params] = useSearchParams();
  const code = params.get('sign_in_error');
  if (!code) return null;
  const known = (KNOWN_ERRORS as readonly string[]).includes(code) ? (code as (typeof KNOWN_ERRORS)[number]) : null;
  return <Alert>{known ? t(`auth.signInError.${known}`) : t('auth.signInError.other')}</Alert>;
}
