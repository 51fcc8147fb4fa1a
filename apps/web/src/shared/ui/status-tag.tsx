import './status-tag.css';

export type StatusTone = 'danger' | 'info' | 'warning' | 'success' | 'gray';

const TONES = new Set<StatusTone>(['danger', 'info', 'warning', 'success', 'gray']);

/** A status shown as words first, colour second: the text always carries the meaning. */
export function StatusTag({ text, tone }: { text: string; tone: StatusTone | string }) {
  const safeTone = TONES.has(tone as StatusTone) ? tone : 'gray';
  return <strong className={`tag tag--${safeTone}`}>{text}</strong>;
}
