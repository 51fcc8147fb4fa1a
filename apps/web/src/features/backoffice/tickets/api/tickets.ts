import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, type PathOf } from '../../../../shared/lib/api-client';
import { apiUpload } from '../../../../shared/lib/api-upload';
import type { ApiBody, ApiItem, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';
import { ItemWriteQueue } from '../../items';

// Tickets (docs/backoffice.md, "Tickets"): the list, one ticket, its lock and its actions.

export type TicketPage = ApiResponse<'/api/backoffice/tickets', 'get'>;
export type TicketRow = ApiItem<TicketPage['items']>;
export type Ticket = ApiResponse<'/api/backoffice/tickets/{ticketId}', 'get'>;
export type TicketSent = ApiResponse<'/api/backoffice/tickets/{ticketId}/reply', 'post'>;

export interface TicketFilter {
  email: string;
  /** One whole customer address (the per-e-mail tickets tab); `email` is a part of one. */
  exactEmail?: string;
  status: string;
  page: number;
}

export const ticketKeys = {
  all: [...queryKeys.backoffice, 'tickets'] as const,
  list: (filter: TicketFilter) => [...queryKeys.backoffice, 'tickets', 'list', filter] as const,
  one: (ticketId: number) => [...queryKeys.backoffice, 'tickets', 'one', ticketId] as const,
  customerActivity: (ticketId: number) => [...queryKeys.backoffice, 'tickets', 'customer-activity', ticketId] as const,
};

export const TICKET_PAGE_SIZE = 20;
/** The JSON actions on a ticket (`close`, `delegate`, ...): its documented POST paths but the lock and the reply. */
type TicketActionPath = Exclude<
  Extract<PathOf<'post'>, `/api/backoffice/tickets/{ticketId}/${string}`>,
  '/api/backoffice/tickets/{ticketId}/lock' | '/api/backoffice/tickets/{ticketId}/reply'
>;

export function useTickets(filter: TicketFilter) {
  return useQuery({
    queryKey: ticketKeys.list(filter),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/tickets', {
        params: {
          query: {
            email: filter.email.trim() || undefined,
            exact_email: filter.exactEmail || undefined,
            status: filter.status || undefined,
            page: filter.page > 1 ? filter.page : undefined,
            size: TICKET_PAGE_SIZE,
          },
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useTicket(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => api.GET('/api/backoffice/tickets/{ticketId}', { params: { path: { ticketId } }, signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

/** The ticket's side: the customer's other tickets (this one left out) and their order items, newest first. */
export function useTicketCustomerActivity(ticketId: number) {
  return useQuery({
    queryKey: ticketKeys.customerActivity(ticketId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/tickets/{ticketId}/customer-activity', { params: { path: { ticketId } }, signal }),
  });
}

/**
 * Writes on one ticket go one after another, each with the newest version known: the order items' queue
 * (docs/backoffice.md, "Writes that queue"), so a quick second action does not fail on the version the first moved.
 */
const ticketWrites = new ItemWriteQueue();

/**
 * A JSON action on a ticket (`close`, `delegate`, `rel_pedido`, `save_note`, ...). `version` is the one the screen
 * loaded; the write queue sends the newer one its own earlier write on the ticket answered, if any.
 */
export function useTicketAction(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; version: string; body: Record<string, unknown> }) =>
      ticketWrites.run(
        String(ticketId),
        input.version,
        (version) =>
          // The screen names the action and builds its fields; the server checks both against the action's schema.
          api.POST(`/api/backoffice/tickets/{ticketId}/${input.name}` as TicketActionPath, {
            params: { path: { ticketId } },
            body: { ...input.body, version } as ApiBody<TicketActionPath, 'post'>,
          }),
        (written) => written.version,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/**
 * The "Tickets" queue: the next waiting ticket, already locked to the agent; undefined (204) when none waits. The answer
 * carries the ticket as its GET shows it: put in the cache, so its tab shows it at once, without asking again.
 */
export function useNextTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/backoffice/tickets/next'),
    onSuccess: (pulled) => {
      if (pulled) queryClient.setQueryData(ticketKeys.one(pulled.ticket_id), pulled.ticket);
    },
    // The lists show who holds what: ask again. Not the ticket just answered.
    onSettled: (pulled) =>
      void queryClient.invalidateQueries({
        queryKey: ticketKeys.all,
        predicate: (query) => !pulled || hashKey(query.queryKey) !== hashKey(ticketKeys.one(pulled.ticket_id)),
      }),
  });
}

/** A message with files: `reply` on a ticket, or a new ticket (the agent writes first). */
export function useSendTicketMessage(ticketId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData): Promise<TicketSent> =>
      ticketId === null
        ? apiUpload('/api/backoffice/tickets', {}, form)
        : // A reply is a write on the ticket too: queued with its actions (`version` keeps its place, first).
          ticketWrites.run(
            String(ticketId),
            String(form.get('version')),
            (version) => {
              form.set('version', version);
              return apiUpload('/api/backoffice/tickets/{ticketId}/reply', { ticketId }, form);
            },
            (sent) => sent.version,
          ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export const ticketLockApi = {
  take: (ticketId: number) => api.POST('/api/backoffice/tickets/{ticketId}/lock', { params: { path: { ticketId } } }),
  release: (ticketId: number, force = false) =>
    api.DELETE('/api/backoffice/tickets/{ticketId}/lock', {
      params: { path: { ticketId }, query: { force: force ? '1' : undefined } },
    }),
};
