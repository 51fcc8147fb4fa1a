import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { runShortcut, useItem } from '../../shared';
import { itemFixture } from '../lib/item-fixtures';
import { NotesSection } from './notes-section';

// The pin shortcut right after saving a note (issue 25 §6: an agent's consecutive actions queue, never fail): it pins
// the note just saved, whether the list has reloaded yet or the save is still on its way. Regression of e2e
// backoffice-keyboard "the loop by keyboard", where P once pinned nothing: the list had not reloaded yet.

const OLDER = { id: 1, text: 'Nota anterior', pinned: false, admin_user_id: 3, admin_name: 'Ana Agente' };
const SAVED = { id: 2, text: 'Pedida al registro', pinned: false, admin_user_id: 3, admin_name: 'Ana Agente' };
// One item per test: the write queue (a module of the app) remembers the versions each item's writes answered.
const loaded = (itemId: number) =>
  itemFixture({ item_id: itemId, notes: [{ ...OLDER, created_at: '2026-11-02T09:00:00.000Z' }] });
const NOTE_VERSION = '2026-11-02T10:01:00.000Z';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The item page's notes, fed by the item's query as on the page. */
function Notes({ itemId }: { itemId: number }) {
  const item = useItem(String(itemId));
  return item.data ? <NotesSection item={item.data} /> : null;
}

/**
 * The item loads once; its reload after the save does not answer until `reload` resolves. `save` holds the note's
 * answer back. Returns the pins asked for (note id and version).
 */
function serve(itemId: number, { reload, save }: { reload: Promise<void>; save?: Promise<void> }) {
  const pins: Array<{ noteId: number; version: string }> = [];
  let loads = 0;
  server.use(
    handler('get', '/api/backoffice/items/{itemId}', async () => {
      loads += 1;
      if (loads > 1) await reload;
      return loaded(itemId);
    }),
    handler('post', '/api/backoffice/items/{itemId}/notes', async () => {
      await save;
      return { ...SAVED, created_at: '2026-11-02T10:01:00.000Z', item_updated_at: NOTE_VERSION };
    }),
    handler('post', '/api/backoffice/items/{itemId}/notes/{noteId}/pin', async ({ params, request }) => {
      const body = (await request.json()) as { version: string };
      pins.push({ noteId: Number(params.noteId), version: body.version });
      return { item_id: itemId, updated_at: '2026-11-02T10:02:00.000Z' } as unknown as BackofficeItem;
    }),
  );
  return pins;
}

async function writeNote(itemId: number) {
  renderApp(<Notes itemId={itemId} />, { session: testSession({ user: testUser('agent') }) });
  await userEvent.type(await screen.findByLabelText('Nueva nota'), SAVED.text);
  await userEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
}

describe('NotesSection: pinning the note just saved', () => {
  it('saved, the note is in the list at once and P pins it, before the list has reloaded', async () => {
    const reload = deferred();
    const pins = serve(41, { reload: reload.promise });
    await writeNote(41);
    await screen.findByText('Nota guardada.');
    expect(screen.getByText(SAVED.text)).toBeVisible();
    act(() => {
      expect(runShortcut('pin')).toEqual({ done: true });
    });
    await waitFor(() => expect(pins).toEqual([{ noteId: SAVED.id, version: NOTE_VERSION }]));
    reload.resolve();
  });

  it('P while the note is still being saved pins that note once saved (queued, not an older one, not lost)', async () => {
    const reload = deferred();
    const save = deferred();
    const pins = serve(42, { reload: reload.promise, save: save.promise });
    await writeNote(42);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar nota' })).toBeDisabled());
    act(() => {
      expect(runShortcut('pin')).toEqual({ done: true });
    });
    expect(pins).toEqual([]);
    save.resolve();
    await screen.findByText('Nota guardada.');
    await waitFor(() => expect(pins).toEqual([{ noteId: SAVED.id, version: NOTE_VERSION }]));
    reload.resolve();
  });
});
