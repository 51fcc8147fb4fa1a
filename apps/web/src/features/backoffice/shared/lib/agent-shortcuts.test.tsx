import { describe, expect, it } from 'vitest';
import {
  AGENT_SHORTCUTS,
  isTypingTarget,
  shortcutFor,
  shortcutTarget,
  singleKeysEnabled,
  SINGLE_KEYS_STORAGE,
  type KeyPress,
  type ShortcutId,
} from './agent-shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code: mods.code,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

function element(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild as HTMLElement;
}

describe('agent shortcuts', () => {
  const body = () => document.body;

  it.each<[string, KeyPress, ShortcutId | null]>([
    ['n focuses the note', press('n'), 'focusNote'],
    ['N with Caps Lock too', press('N'), 'focusNote'],
    ['p pins', press('p'), 'pin'],
    ['s changes the status', press('s'), 'status'],
    ['f finishes and takes the next', press('f'), 'finishNext'],
    ['r replies', press('r'), 'reply'],
    ['/ opens the search', press('/'), 'search'],
    ['? opens the list', press('?', { shiftKey: true }), 'help'],
    ['Ctrl+Enter saves the note', press('Enter', { ctrlKey: true }), 'saveNote'],
    ['Cmd+Enter saves the note', press('Enter', { metaKey: true }), 'saveNote'],
    ['Alt+Shift+→ next tab', press('ArrowRight', { altKey: true, shiftKey: true }), 'nextTab'],
    ['Alt+Shift+← previous tab', press('ArrowLeft', { altKey: true, shiftKey: true }), 'previousTab'],
    ['Alt+Shift+W by the physical key', press('∑', { altKey: true, shiftKey: true, code: 'KeyW' }), 'closeTab'],
    ['Ctrl+N is the browser’s', press('n', { ctrlKey: true }), null],
    ['Shift+F is not f', press('F', { shiftKey: true }), null],
    ['a plain arrow is nothing', press('ArrowRight'), null],
    ['Enter alone is nothing', press('Enter'), null],
    ['an unmapped letter', press('x'), null],
  ])('%s', (_name, keys, expected) => {
    expect(shortcutFor(keys, body())).toBe(expected);
  });

  it('never fires while typing, but for the save-note combination', () => {
    const fields = [
      element('<input type="text">'),
      element('<input type="search">'),
      element('<input>'),
      element('<textarea></textarea>'),
      element('<select><option>1</option></select>'),
      element('<div contenteditable="true"></div>'),
    ];
    for (const field of fields) {
      for (const key of ['n', 'p', 's', 'f', 'r', '/', '?']) expect(shortcutFor(press(key), field)).toBeNull();
      expect(shortcutFor(press('ArrowRight', { altKey: true, shiftKey: true }), field)).toBeNull();
      expect(shortcutFor(press('Enter', { ctrlKey: true }), field)).toBe('saveNote');
    }
  });

  it('fires from buttons, links, checkboxes (not typing)', () => {
    for (const html of [
      '<button>x</button>',
      '<a href="#">x</a>',
      '<input type="checkbox">',
      '<input type="submit">',
    ]) {
      const target = element(html);
      expect(isTypingTarget(target)).toBe(false);
      expect(shortcutFor(press('n'), target)).toBe('focusNote');
    }
    expect(isTypingTarget(null)).toBe(false);
  });

  it('single keys can be turned off; the combinations stay', () => {
    const off = { singleKeys: false };
    for (const key of ['n', 'p', 's', 'f', 'r', '/', '?']) expect(shortcutFor(press(key), body(), off)).toBeNull();
    expect(shortcutFor(press('Enter', { ctrlKey: true }), body(), off)).toBe('saveNote');
    expect(shortcutFor(press('ArrowLeft', { altKey: true, shiftKey: true }), body(), off)).toBe('previousTab');
  });

  it('keeps the choice about single keys in the browser (on unless turned off)', () => {
    expect(singleKeysEnabled(window.localStorage)).toBe(true);
    window.localStorage.setItem(SINGLE_KEYS_STORAGE, 'off');
    expect(singleKeysEnabled(window.localStorage)).toBe(false);
    window.localStorage.setItem(SINGLE_KEYS_STORAGE, 'on');
    expect(singleKeysEnabled(window.localStorage)).toBe(true);
    expect(singleKeysEnabled(undefined)).toBe(true);
  });

  it('has one entry per id, single keys never fire while typing, only saving the note does', () => {
    const ids = AGENT_SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(AGENT_SHORTCUTS.filter((s) => s.whileTyping).map((s) => s.id)).toEqual(['saveNote']);
    expect(AGENT_SHORTCUTS.filter((s) => s.singleKey && s.whileTyping)).toEqual([]);
  });

  it('marks a control with its id and its keys for assistive technology', () => {
    expect(shortcutTarget('saveNote')).toEqual({ 'data-shortcut': 'saveNote', 'aria-keyshortcuts': 'Control+Enter' });
    expect(shortcutTarget('status')).toEqual({ 'data-shortcut': 'status', 'aria-keyshortcuts': 'S' });
  });
});
