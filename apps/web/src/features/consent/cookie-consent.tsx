import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  acceptAllConsent,
  makeConsent,
  OPTIONAL_CONSENT_LEVELS,
  rejectAllConsent,
  type OptionalConsentLevel,
} from '@ventanilla/domain';
import { useT } from '../../shared/i18n';
import { Button, Link } from '../../shared/ui';
import { closeConsentSettings, useConsentSettingsOpen } from '../../shared/consent/consent-settings';
import { saveConsent, useConsent } from '../../shared/consent/consent-store';
import './cookie-consent.css';

/**
 * The cookie dialog (docs/customer-panel.md, "Cookie consent"): on a first visit, and whenever the footer's
 * "Cookie settings" opens it. A native modal <dialog>: focus moves in, stays in, Escape closes (nothing is chosen, so
 * it comes back on the next page load), focus returns to the opener. "Reject all" and "Accept all" are the same kind
 * of button side by side; each optional level has its own labelled switch, off unless chosen before.
 */
export function CookieConsent() {
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  const [dismissed, setDismissed] = useState(false);
  if (consent.state === 'unknown') return null;
  const firstVisit = consent.state === 'none' && !dismissed;
  if (!firstVisit && !settingsOpen) return null;
  const initial = consent.state === 'chosen' ? consent.choice.levels : null;
  return (
    <ConsentDialog
      initial={initial}
      onClose={() => {
        setDismissed(true);
        closeConsentSettings();
      }}
    />
  );
}

/** Whether the dialog is shown modally (a browser without `:modal` cannot say: it is made modal again). */
function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return false;
  }
}

function ConsentDialog({
  initial,
  onClose,
}: {
  initial: Record<OptionalConsentLevel, boolean> | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [levels, setLevels] = useState<Record<OptionalConsentLevel, boolean>>(
    initial ?? { functionality: false, tracking: false, targeting: false },
  );

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    // The markup has it open but not modal (so the server's page shows it: cookie-consent.css makes it look modal):
    // here it becomes modal (focus kept inside, the page behind inert).
    if (dialog && !isModal(dialog) && typeof dialog.showModal === 'function') {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    dialog?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-title`)}`)?.focus();
    return () => {
      if (opener && opener !== document.body && document.contains(opener)) opener.focus();
    };
  }, [id]);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    saveConsent(
      makeConsent(
        OPTIONAL_CONSENT_LEVELS.filter((level) => levels[level]),
        new Date(),
      ),
    );
  }

  return (
    <dialog
      ref={ref}
      open
      className="cookie-consent"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form noValidate onSubmit={save}>
        <h2 id={`${id}-title`} tabIndex={-1}>
          {t('consent.title')}
        </h2>
        <p id={`${id}-intro`}>
          {t('consent.intro')}{' '}
          <Link to="/legal/cookies" onClick={onClose}>
            {t('consent.policyLink')}
          </Link>
        </p>
        <div className="cookie-consent__choices">
          <Button type="button" variant="primary" onClick={() => saveConsent(rejectAllConsent(new Date()))}>
            {t('consent.rejectAll')}
          </Button>
          <Button type="button" variant="primary" onClick={() => saveConsent(acceptAllConsent(new Date()))}>
            {t('consent.acceptAll')}
          </Button>
        </div>
        <fieldset className="cookie-consent__levels">
          <legend>{t('consent.levelsLegend')}</legend>
          <div className="checkboxes__item">
            <input
              type="checkbox"
              id={`${id}-strictly-necessary`}
              className="checkboxes__input"
              checked
              disabled
              aria-describedby={`${id}-strictly-necessary-hint`}
            />
            <label className="checkboxes__label" htmlFor={`${id}-strictly-necessary`}>
              {t('consent.level.strictly-necessary')}
            </label>
            <p className="hint" id={`${id}-strictly-necessary-hint`}>
              {t('consent.levelHint.strictly-necessary')}
            </p>
          </div>
          {OPTIONAL_CONSENT_LEVELS.map((level) => (
            <div className="checkboxes__item" key={level}>
              <input
                type="checkbox"
                id={`${id}-${level}`}
                name={level}
                className="checkboxes__input"
                checked={levels[level]}
                onChange={(event) => setLevels((prev) => ({ ...prev, [level]: event.target.checked }))}
                aria-describedby={`${id}-${level}-hint`}
              />
              <label className="checkboxes__label" htmlFor={`${id}-${level}`}>
                {t(`consent.level.${level}`)}
              </label>
              <p className="hint" id={`${id}-${level}-hint`}>
                {t(`consent.levelHint.${level}`)}
              </p>
            </div>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary">
          {t('consent.save')}
        </Button>
      </form>
    </dialog>
  );
}
