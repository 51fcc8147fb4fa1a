import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TabKey } from '@ventanilla/domain';
import { renderApp } from '../../../../shared/testing';
import { shortcutTarget } from '../../shared';
import { ShortcutsDialog, useAgentShortcuts } from './agent-shortcuts';

/** A screen with the controls the shortcuts reach, as the item page marks them. */
function Harness({
  goToTab,
  onSave,
  onPin,
}: {
  goToTab: (key: TabKey) => void;
  onSave: () => void;
  onPin: () => void;
}) {
  const shortcuts = useAgentShortcuts({
    tabs: ['search', 'actividad'],
    currentKey: 'search',
    goToTab,
    closeTab: () => undefined,
    isClosable: () => true,
  });
  return (
    <>
      <div id="ws-panel">
        <textarea aria-label="Nota" {...shortcutTarget('focusNote')} />
        <input aria-label="Otro campo" />
        <button type="button" onClick={onSave} {...shortcutTarget('saveNote')}>
          Guardar
        </button>
        <fieldset disabled data-lock-reason="Bloqueado por Ana">
          <button type="button" onClick={onPin} {...shortcutTarget('pin')}>
            Fijar
          </button>
        </fieldset>
      </div>
      <p data-testid="live">{shortcuts.announcement}</p>
      {shortcuts.helpOpen ? (
        <ShortcutsDialog
          onClose={shortcuts.closeHelp}
          singleKeys={shortcuts.singleKeys}
          onSingleKeys={shortcuts.setSingleKeys}
        />
      ) : null}
    </>
  );
}

function setup() {
  const handlers = { goToTab: vi.fn(), onSave: vi.fn(), onPin: vi.fn() };
  const app = renderApp(<Harness {...handlers} />);
  return { ...app, ...handlers, live: () => screen.getByTestId('live') };
}

describe('useAgentShortcuts', () => {
  it('N focuses the note and says so; Ctrl+Enter saves it from its field', async () => {
    const { user, live, onSave } = setup();
    await user.keyboard('n');
    expect(screen.getByLabelText('Nota')).toHaveFocus();
    await waitFor(() => expect(live()).toHaveTextContent('Nota: escribe y pulsa Ctrl+Intro para guardarla'));
    await user.keyboard('fps');
    expect(screen.getByLabelText('Nota')).toHaveValue('fps');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(live()).toHaveTextContent('Guardando la nota'));
  });

  it('Ctrl+Enter in another field does not save the note', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByLabelText('Otro campo'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a control a lock disables is not pressed: the lock is announced instead', async () => {
    const { user, live, onPin } = setup();
    await user.keyboard('p');
    expect(onPin).not.toHaveBeenCalled();
    await waitFor(() => expect(live()).toHaveTextContent('No disponible: Bloqueado por Ana'));
  });

  it('a shortcut with nothing to reach on the screen says so', async () => {
    const { user, live } = setup();
    await user.keyboard('f');
    await waitFor(() => expect(live()).toHaveTextContent('Finalizar y siguiente: no disponible en esta pantalla'));
  });

  it('Alt+Shift+→ moves to the next tab and names it', async () => {
    const { user, live, goToTab } = setup();
    await user.keyboard('{Alt>}{Shift>}{ArrowRight}{/Shift}{/Alt}');
    expect(goToTab).toHaveBeenCalledWith('actividad');
    await waitFor(() => expect(live()).toHaveTextContent('Pestaña Mi actividad'));
  });

  it('? opens the list of shortcuts; turning single keys off there stops them', async () => {
    const { user } = setup();
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: 'Atajos de teclado' });
    expect(dialog).toHaveTextContent('Ctrl+Intro');
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await user.click(screen.getByLabelText('Atajos de una sola tecla'));
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('n');
    expect(screen.getByLabelText('Nota')).not.toHaveFocus();
  });
});
