import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { LOCK_HEARTBEAT_MS } from '@ventanilla/domain';
import { api, ApiError } from '../../../../shared/lib/api-client';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { handler, renderApp, server, testSession, testUser } from '../../../../shared/testing';
import { ticketKeys, ticketLockApi } from '../../tickets';
import { LOCK_EVENTS_URL } from './lock-event-source';
import { useTicketLocks } from './use-ticket-locks';

// Ticket locks follow the agent as the orders' do (docs/backoffice.md, "Locks that follow the agent"): only the shown
// ticket's tab holds its lock, a background tab gives it back after the delay, restored tabs hold nothing until shown,
// and other agents' changes arrive from the lock event stream at once.

const BACKGROUND_MS = 120_000;
type Resolved = ApiResponse<'/api/backoffice/tickets/{ticketId}', 'get'>;
const ME = 3;

/** Stands in for the browser's EventSource: the test sends the server's events. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

interface View {
  ids: number[];
  shown: number | null;
}
/** Changes the open ticket tabs and the shown one, as the workspace would. */
let setView: (view: View) => void = () => undefined;

/**
 * How many new lock maps the hook gave: each one is a new workspace context value, which renders every screen that
 * reads the workspace.
 */
let lockMaps = 0;
let lastLocks: unknown = null;

function Probe({ initial }: { initial: View }) {
  const [view, set] = useState(initial);
  setView = set;
  const { ticketLocks } = useTicketLocks(view.ids, view.shown, BACKGROUND_MS);
  if (ticketLocks !== lastLocks) {
    lastLocks = ticketLocks;
    lockMaps += 1;
  }
  return <pre data-testid="locks">{JSON.stringify(ticketLocks)}</pre>;
}

/** The shown ticket's screen, reduced to its query: what a lock's reload would fetch again. */
function TicketOnScreen({ ticketId }: { ticketId: number }) {
  const ticket = useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: () => api.GET('/api/backoffice/tickets/{ticketId}', { params: { path: { ticketId } } }),
  });
  return <p data-testid="ticket">{ticket.data?.subject}</p>;
}

const show = (ids: number[], shown: number | null) => act(async () => setView({ ids, shown }));

/** Each ticket's lock status as the hook says it (`locked:{holder}` when another agent holds it). */
function statuses(): Record<string, string> {
  const locks = JSON.parse(screen.getByTestId('locks').textContent ?? '{}') as Record<
    string,
    { status: string; holderName?: string }
  >;
  return Object.fromEntries(
    Object.entries(locks).map(([id, lock]) => [
      id,
      lock.holderName ? `${lock.status}:${lock.holderName}` : lock.status,
    ]),
  );
}

const granted = (ticketId: number, outcome: 'acquired' | 'renewed' | 'reacquired' | 'taken_over' = 'acquired') => ({
  ticket_id: ticketId,
  locked_by: ME,
  locked_by_name: 'Ana Agente',
  expires_at: '2026-11-29T10:05:00.000Z',
  outcome,
});

const lockedBy = (ticketId: number, holder: number, name: string) =>
  new ApiError({
    status: 423,
    code: 'ITEM_LOCKED',
    message: `${name} está trabajando en este ticket`,
    lock: { item_id: ticketId, locked_by: holder, locked_by_name: name, expires_at: '2026-11-29T10:05:00.000Z' },
  });

/** Lets the answered calls and the renders they cause settle (the timers stay still). */
const settle = () => act(async () => {});

describe('useTicketLocks', () => {
  let take: MockInstance<typeof ticketLockApi.take>;
  let release: MockInstance<typeof ticketLockApi.release>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.stubGlobal('EventSource', FakeEventSource);
    take = vi.spyOn(ticketLockApi, 'take').mockImplementation((id) => Promise.resolve(granted(id)));
    release = vi
      .spyOn(ticketLockApi, 'release')
      .mockImplementation((id) => Promise.resolve({ ticket_id: id, outcome: 'released' as const }));
    server.use(
      handler('get', '/api/backoffice/agents', () => ({
        items: [
          { id: ME, name: 'Ana Agente', role: 'agent' as const },
          { id: 5, name: 'Adam Admin', role: 'admin' as const },
        ],
      })),
    );
  });
  afterEach(() => {
    // Unmounted while the lock client is still the spy: the shown tab gives its lock back as the screen goes.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The tickets whose lock was asked for, or given back, in order. */
  const taken = () => take.mock.calls.map(([id]) => id);
  const released = () => release.mock.calls.map(([id]) => id);

  const render = (ids: number[], shown: number | null) =>
    renderApp(<Probe initial={{ ids, shown }} />, { session: testSession({ user: testUser('agent', { id: ME }) }) });

  it('restored ticket tabs hold nothing until shown: only the shown one takes its lock', async () => {
    render([7, 8], 7);
    await settle();
    expect(taken()).toEqual([7]);
    expect(statuses()).toEqual({ 7: 'held', 8: 'background' });

    await show([7, 8], null);
    await settle();
    // Another kind of tab shown (the search): nothing new is taken.
    expect(taken()).toEqual([7]);
  });

  it('a ticket tab left in the background gives its lock back after the delay, not before', async () => {
    render([7, 8], 7);
    await settle();
    await show([7, 8], 8);
    await settle();
    expect(taken()).toEqual([7, 8]);
    await act(async () => vi.advanceTimersByTimeAsync(BACKGROUND_MS - 1));
    expect(release).not.toHaveBeenCalled();
    expect(statuses()).toEqual({ 7: 'held', 8: 'held' });

    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(released()).toEqual([7]);
    expect(statuses()).toEqual({ 7: 'background', 8: 'held' });
  });

  it('shown again within the delay, the ticket keeps its lock and gives nothing back', async () => {
    render([7, 8], 7);
    await settle();
    await show([7, 8], 8);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(BACKGROUND_MS / 2));
    await show([7, 8], 7);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(BACKGROUND_MS));
    expect(released()).toEqual([8]);
    expect(statuses()).toEqual({ 7: 'held', 8: 'background' });
  });

  it('back on a ticket another agent took meanwhile: takes it again, or says who holds it now', async () => {
    render([7, 8], 7);
    await settle();
    await show([7, 8], 8);
    await act(async () => vi.advanceTimersByTimeAsync(BACKGROUND_MS));
    expect(released()).toEqual([7]);

    take.mockClear();
    take.mockRejectedValueOnce(lockedBy(7, 5, 'Adam Admin'));
    await show([7, 8], 7);
    await settle();
    expect(taken()).toEqual([7]);
    expect(statuses()[7]).toBe('locked:Adam Admin');
  });

  it("other agents' ticket changes arrive from the event stream at once; an order's change is not a ticket's", async () => {
    render([7, 8], 7);
    await settle();
    const stream = FakeEventSource.last!;
    expect(stream.url).toBe(LOCK_EVENTS_URL);

    // Someone takes the ticket in the background: it says who, without asking the server.
    await act(async () => stream.send('ticket-lock', { ticket_id: 8, locked_by: 5 }));
    expect(statuses()[8]).toMatch(/^locked:/);
    // An order item with the same number is another thing.
    await act(async () => stream.send('lock', { item_id: 7, locked_by: 5 }));
    expect(statuses()[7]).toBe('held');
    // They let it go: a background ticket shows free (not taken); the shown one, freed, would be taken at once.
    await act(async () => stream.send('ticket-lock', { ticket_id: 8, locked_by: null }));
    expect(statuses()[8]).toBe('background');
    expect(taken()).toEqual([7]);
  });

  it('the shown ticket, locked by someone else and then freed, is taken at once (not at the next heartbeat)', async () => {
    take.mockRejectedValueOnce(lockedBy(7, 5, 'Adam Admin'));
    render([7], 7);
    await settle();
    expect(statuses()[7]).toBe('locked:Adam Admin');
    await act(async () => FakeEventSource.last!.send('ticket-lock', { ticket_id: 7, locked_by: null }));
    await settle();
    expect(taken()).toEqual([7, 7]);
    expect(statuses()[7]).toBe('held');
  });

  it.each([
    ['acquired', 0],
    ['renewed', 0],
    ['reacquired', 0],
    ['taken_over', 1],
  ] as const)(
    'a ticket shown takes its lock; the ticket is asked for again only when that wrote a history line (%s)',
    async (outcome, reloads) => {
      let asked = 0;
      server.use(
        handler('get', '/api/backoffice/tickets/{ticketId}', ({ params }) => {
          asked += 1;
          return { id: Number(params.ticketId), subject: `Consulta ${asked}` } as unknown as Resolved;
        }),
      );
      // The lock answers once the ticket is on screen (as when the next-ticket answer brought it).
      let answer: () => void = () => undefined;
      take.mockImplementation((id) => new Promise((resolve) => (answer = () => resolve(granted(id, outcome)))));
      renderApp(
        <>
          <TicketOnScreen ticketId={7} />
          <Probe initial={{ ids: [7], shown: 7 }} />
        </>,
        { session: testSession({ user: testUser('agent', { id: ME }) }) },
      );
      await act(async () => vi.waitFor(() => expect(screen.getByTestId('ticket')).toHaveTextContent('Consulta 1')));
      await act(async () => answer());
      expect(statuses()).toEqual({ 7: 'held' });
      await act(async () =>
        vi.waitFor(() => expect(screen.getByTestId('ticket')).toHaveTextContent(`Consulta ${1 + reloads}`)),
      );
      await settle();
      expect(taken()).toEqual([7]);
      expect(asked).toBe(1 + reloads);
    },
  );

  it("the heartbeat renews the shown ticket's lock without rendering the workspace again", async () => {
    render([7], 7);
    await settle();
    expect(statuses()).toEqual({ 7: 'held' });
    const before = lockMaps;
    await act(async () => vi.advanceTimersByTimeAsync(LOCK_HEARTBEAT_MS));
    await settle();
    expect(taken()).toEqual([7, 7]);
    expect(lockMaps).toBe(before);
    expect(statuses()).toEqual({ 7: 'held' });
  });

  it('a closed ticket tab gives its lock back at once', async () => {
    render([7, 8], 7);
    await settle();
    await show([8], 8);
    await settle();
    expect(released()).toEqual([7]);
    expect(statuses()).toEqual({ 8: 'held' });
  });
});
