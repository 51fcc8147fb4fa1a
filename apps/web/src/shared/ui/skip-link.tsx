import type { MouseEvent } from 'react';
import { useT } from '../i18n';
import './navigation.css';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** First focusable element of every page: jumps past the header to <main id="main">. */
export function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="skip-link" onClick={skipToMain}>
      {t('nav.skipToContent')}
    </a>
  );
}
