import { useEffect } from 'react';

/** The domain's password rules, loaded once on first call (see password-rules.ts). */
export function loadPasswordRules() {
  return import('./password-rules');
}

/** Starts loading the password rules when a form that sets a password appears. */
export function usePasswordRules(): void {
  useEffect(() => {
    // A failed load is retried by the submission, which shows its error.
    loadPasswordRules().catch(() => undefined);
  }, []);
}
