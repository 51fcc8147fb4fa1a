import type { ButtonHTMLAttributes } from 'react';
import './button.css';

type Variant = 'primary' | 'secondary' | 'warning';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** While true the button is disabled, so a double click cannot submit twice. */
  pending?: boolean;
}

/** The one button: always a real <button>, type="submit" unless told otherwise. */
export function Button({
  variant = 'primary',
  pending = false,
  className,
  type = 'submit',
  disabled,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || pending} aria-busy={pending || undefined} />
  );
}

/** A <button> that looks like a link, for in-line actions ("Eliminar") that change data. */
export function LinkButton({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={['link-button', className].filter(Boolean).join(' ')} />;
}

/** Lays out a primary button and its neighbours (secondary buttons, a cancel link). */
export function ButtonGroup({ children }: { children: React.ReactNode }) {
  return <div className="button-group">{children}</div>;
}
