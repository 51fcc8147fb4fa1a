import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Link } from '../../../shared/ui';

interface PasswordOutcomeProps {
  title: string;
  tone: 'success' | 'error';
  message: ReactNode;
  /** A line under the alert. */
  note?: ReactNode;
  link: { to: string; label: string };
  /** Move focus to the heading when shown (after a submit replaced the form). */
  focusHeading?: boolean;
}

/** Where a password step ends: the heading, the outcome in an alert, and the way on. */
export function PasswordOutcome({ title, tone, message, note, link, focusHeading = false }: PasswordOutcomeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <div className="narrow-page">
      <h1 className="heading-xl" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <Alert tone={tone}>
        <p>{message}</p>
      </Alert>
      {note ? <p>{note}</p> : null}
      <p>
        <Link to={link.to}>{link.label}</Link>
      </p>
    </div>
  );
}
