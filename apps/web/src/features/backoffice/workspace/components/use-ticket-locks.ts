import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ticketKeys, ticketLockApi } from '../../tickets';
import { useLeases, type LeaseKind } from './use-leases';

/**
 * The leases of the tickets open in tabs: useLeases with the tickets' lock calls and events, so a ticket's lock
 * follows the agent as an order's does (only the shown tab holds it; restored tabs hold nothing until shown).
 */
export function useTicketLocks(ticketIds: readonly number[], shownTicketId: number | null, backgroundMs: number) {
  const queryClient = useQueryClient();
  const kind = useMemo<LeaseKind>(
    () => ({
      event: 'ticket-lock',
      idField: 'ticket_id',
      // Read at call time, so the tests can stand in for the calls.
      take: (ticketId) => ticketLockApi.take(ticketId),
      release: (ticketId, force) => ticketLockApi.release(ticketId, force),
      reload: (ticketId) => queryClient.invalidateQueries({ queryKey: ticketKeys.one(ticketId) }),
      // A ticket's refused write says who holds it in the ticket screen; its 423 cannot be told from an order's.
      watchRefusedWrites: false,
    }),
    [queryClient],
  );
  const { locks, forceUnlock } = useLeases(kind, ticketIds, shownTicketId, backgroundMs);
  return { ticketLocks: locks, forceTicketUnlock: forceUnlock };
}
