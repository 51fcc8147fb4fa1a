import type { ReactNode } from 'react';
import './alert.css';

type Tone = 'error' | 'info' | 'success';

/** A message box. Errors are announced at once (role=alert); info and success politely (role=status). */
export function Alert({ tone = 'error', title, children }: { tone?: Tone; title?: ReactNode; children?: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="alert__title">{title}</p> : null}
      {children ? <div className="alert__body">{children}</div> : null}
    </div>
  );
}

/** The green box of a finished transaction ("Pedido realizado"). */
export function Panel({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="panel">
      <h1 className="panel__title" tabIndex={-1}>
        {title}
      </h1>
      {children ? <div className="panel__body">{children}</div> : null}
    </div>
  );
}
