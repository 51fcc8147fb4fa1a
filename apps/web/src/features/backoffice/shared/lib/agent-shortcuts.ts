/**
 * The agent's keyboard shortcuts, in one place: which keys, what they do to which control, and when they may fire.
 * The workspace (use-agent-shortcuts.ts) listens; the screens only mark their controls with `data-shortcut="<id>"`
 * (shortcutTarget), so a shortcut reaches the control of whatever screen is shown without knowing it.
 */

export type ShortcutId =
  | 'nextTab'
  | 'previousTab'
  | 'closeTab'
  | 'focusNote'
  | 'saveNote'
  | 'pin'
  | 'status'
  | 'finishNext'
  | 'reply'
  | 'search'
  | 'help';

/** What a shortcut does with the control marked for it: focus it (a field), press it (a button), or something else. */
export type ShortcutEffect = 'focus' | 'press' | 'workspace';

export interface Shortcut {
  id: ShortcutId;
  /** The keys as `aria-keyshortcuts` spells them (also shown, translated, in the `?` dialog). */
  keys: string;
  effect: ShortcutEffect;
  /** One key without modifiers: these can be turned off (WCAG 2.1.4) and never fire while typing. */
  singleKey: boolean;
  /** Fires while typing in a field (only the save-note combination). */
  whileTyping: boolean;
}

/** The keys a shortcut looks at. */
export interface KeyPress {
  key: string;
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export const AGENT_SHORTCUTS: readonly Shortcut[] = [
  { id: 'nextTab', keys: 'Alt+Shift+ArrowRight', effect: 'workspace', singleKey: false, whileTyping: false },
  { id: 'previousTab', keys: 'Alt+Shift+ArrowLeft', effect: 'workspace', singleKey: false, whileTyping: false },
  { id: 'closeTab', keys: 'Alt+Shift+W', effect: 'workspace', singleKey: false, whileTyping: false },
  { id: 'focusNote', keys: 'N', effect: 'focus', singleKey: true, whileTyping: false },
  { id: 'saveNote', keys: 'Control+Enter', effect: 'press', singleKey: false, whileTyping: true },
  { id: 'pin', keys: 'P', effect: 'press', singleKey: true, whileTyping: false },
  { id: 'status', keys: 'S', effect: 'focus', singleKey: true, whileTyping: false },
  { id: 'finishNext', keys: 'F', effect: 'press', singleKey: true, whileTyping: false },
  { id: 'reply', keys: 'R', effect: 'press', singleKey: true, whileTyping: false },
  { id: 'search', keys: '/', effect: 'workspace', singleKey: true, whileTyping: false },
  { id: 'help', keys: '?', effect: 'workspace', singleKey: true, whileTyping: false },
];

const BY_ID = new Map(AGENT_SHORTCUTS.map((s) => [s.id, s]));

/** The shortcut with this id. */
export function shortcut(id: ShortcutId): Shortcut {
  const found = BY_ID.get(id);
  if (!found) throw new Error(`Unknown shortcut ${id}`);
  return found;
}

/** The attribute a screen puts on the control a shortcut reaches: `{...shortcutTarget('status')}`. */
export function shortcutTarget(id: ShortcutId): { 'data-shortcut': ShortcutId; 'aria-keyshortcuts': string } {
  return { 'data-shortcut': id, 'aria-keyshortcuts': shortcut(id).keys };
}

/** Where typing happens: a text field, a select, a contenteditable element. Shortcuts keep out of it. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'range', 'color'].includes(
      element.type,
    );
  }
  return false;
}

const LETTERS: Partial<Record<ShortcutId, string>> = {
  focusNote: 'n',
  pin: 'p',
  status: 's',
  finishNext: 'f',
  reply: 'r',
};

function matches(s: Shortcut, press: KeyPress): boolean {
  const { altKey: alt, ctrlKey: ctrl, metaKey: meta, shiftKey: shift } = press;
  switch (s.id) {
    case 'nextTab':
      return alt && shift && !ctrl && !meta && press.key === 'ArrowRight';
    case 'previousTab':
      return alt && shift && !ctrl && !meta && press.key === 'ArrowLeft';
    case 'closeTab':
      // By the physical key: Alt changes the character on some layouts.
      return alt && shift && !ctrl && !meta && press.code === 'KeyW';
    case 'saveNote':
      return (ctrl || meta) && !alt && press.key === 'Enter';
    case 'search':
      return !alt && !ctrl && !meta && press.key === '/';
    case 'help':
      return !alt && !ctrl && !meta && press.key === '?';
    default: {
      const letter = LETTERS[s.id];
      return !alt && !ctrl && !meta && !shift && letter !== undefined && press.key.toLowerCase() === letter;
    }
  }
}

/**
 * The shortcut a key press asks for, or null: none while typing (but the save-note combination), and no single-key
 * one when the agent turned them off.
 */
export function shortcutFor(
  press: KeyPress,
  target: EventTarget | null,
  options: { singleKeys: boolean } = { singleKeys: true },
): ShortcutId | null {
  const typing = isTypingTarget(target);
  for (const s of AGENT_SHORTCUTS) {
    if (typing && !s.whileTyping) continue;
    if (s.singleKey && !options.singleKeys) continue;
    if (matches(s, press)) return s.id;
  }
  return null;
}

/** Where the agent's choice about single-key shortcuts is kept (this browser). */
export const SINGLE_KEYS_STORAGE = 'ventanilla.agent.singleKeyShortcuts';

/** Whether single-key shortcuts are on (the default) in this browser. */
export function singleKeysEnabled(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(SINGLE_KEYS_STORAGE) !== 'off';
  } catch {
    return true;
  }
}

/** The control of the shown screen a shortcut reaches (the first one on screen), or null. */
export function shortcutTargetElement(id: ShortcutId, root?: ParentNode): HTMLElement | null {
  const scope = root ?? document.getElementById('ws-panel') ?? document.body;
  const marked = [...scope.querySelectorAll<HTMLElement>(`[data-shortcut="${id}"]`)];
  return marked.find((element) => element.getClientRects().length > 0) ?? marked[0] ?? null;
}

/** Why a control is refused: '' when merely disabled, the lock's words when a lock disables it, null when enabled. */
export function disabledReason(element: HTMLElement): string | null {
  const disabled = element.matches(':disabled') || element.closest('fieldset:disabled') !== null;
  if (!disabled) return null;
  return element.closest<HTMLElement>('[data-lock-reason]')?.dataset.lockReason ?? '';
}

/** What pressing a shortcut did to its control. */
export type ShortcutOutcome = { done: true } | { done: false; reason: string | null };

/**
 * Does a screen shortcut (focus a field, press a button): opens the closed section holding the control first.
 * A missing control gives `reason: null`; a disabled one its reason.
 */
export function runShortcut(id: ShortcutId, root?: ParentNode): ShortcutOutcome {
  const element = shortcutTargetElement(id, root);
  if (!element) return { done: false, reason: null };
  const reason = disabledReason(element);
  if (reason !== null) return { done: false, reason };
  const fold = element.closest('details');
  if (fold && !fold.open) fold.open = true;
  // A field is focused even for a pressing shortcut (a ticket's reply box).
  if (shortcut(id).effect === 'focus' || element.matches('input, textarea, select')) element.focus();
  else element.click();
  return { done: true };
}
