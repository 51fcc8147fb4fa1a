import { describe, expect, it } from 'vitest';
import { PANEL_STATUS_IDS } from './panel-status.js';
import { panelStatusTone, type PanelStatusTone } from './panel-status-tone.js';

describe('panelStatusTone: the tag style of each panel status', () => {
  const expected: Record<number, PanelStatusTone> = {
    0: 'danger',
    60: 'warning',
    70: 'gray',
    110: 'success',
    120: 'success',
    1001: 'success',
  };

  it.each(PANEL_STATUS_IDS.map((id) => [id, expected[id] ?? 'info'] as const))('status %i -> %s', (id, tone) => {
    expect(panelStatusTone(id)).toBe(tone);
  });

  it.each([
    ['an unknown id', 55],
    ['a negative id', -1],
  ])('%s is shown as in progress', (_, id) => {
    expect(panelStatusTone(id)).toBe('info');
  });
});
