/**
 * Puts `text` into `value` in place of the selection [start, end) (the caret when equal), on a line of its own when
 * the caret is mid-text; returns the new value and where the caret goes (after the inserted text).
 */
export function insertText(
  value: string,
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { value: string; caret: number } {
  const from = clamp(start ?? value.length, value.length);
  const to = Math.max(from, clamp(end ?? from, value.length));
  const before = value.slice(0, from);
  const after = value.slice(to);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${text}${trail}`;
  return { value: before + inserted + after, caret: before.length + lead.length + text.length };
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(0, Number.isFinite(n) ? n : max), max);
}
