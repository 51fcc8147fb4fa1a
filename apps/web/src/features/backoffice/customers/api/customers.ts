import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiBody, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// Customers, "log in as the customer" and the staff accounts (docs/backoffice.md, "Customers", "Agents").

export type CustomerSearch = ApiResponse<'/api/backoffice/customers', 'get'>;
export type CustomerDetail = ApiResponse<'/api/backoffice/customers/{customerId}', 'get'>;
export type CustomerEdit = ApiBody<'/api/backoffice/customers/{customerId}', 'put'>;
export type CustomerCreate = ApiBody<'/api/backoffice/customers', 'post'>;
export type StaffList = ApiResponse<'/api/backoffice/staff', 'get'>;
export type StaffMember = StaffList['items'][number];
export type StaffCreate = ApiBody<'/api/backoffice/staff', 'post'>;
export type StaffChange = ApiBody<'/api/backoffice/staff/{agentId}', 'patch'>;

export const customerKeys = {
  all: [...queryKeys.backoffice, 'customers'] as const,
  search: (q: string, page: number) => [...queryKeys.backoffice, 'customers', 'search', q, page] as const,
  one: (id: number) => [...queryKeys.backoffice, 'customers', id] as const,
  staff: [...queryKeys.backoffice, 'staff'] as const,
};

export function useCustomerSearch(q: string, page: number) {
  return useQuery({
    queryKey: customerKeys.search(q, page),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/customers', { params: { query: { search: q.trim() || undefined, page } }, signal }),
  });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.one(id ?? 0),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) =>
            api.GET('/api/backoffice/customers/{customerId}', { params: { path: { customerId: id } }, signal }),
  });
}

export function useSaveCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerEdit) =>
      api.PUT('/api/backoffice/customers/{customerId}', { params: { path: { customerId: id } }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useNewsletter(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      api.POST('/api/backoffice/customers/{customerId}/newsletter', {
        params: { path: { customerId: id } },
        body: { subscribed },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerCreate) => api.POST('/api/backoffice/customers', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** Starts "log in as the customer"; the caller then reloads the session and goes to the shop. */
export function useImpersonate() {
  return useMutation({
    mutationFn: (id: number) =>
      api.POST('/api/backoffice/customers/{customerId}/impersonation', { params: { path: { customerId: id } } }),
  });
}

export function useStaff() {
  return useQuery({
    queryKey: customerKeys.staff,
    queryFn: ({ signal }) => api.GET('/api/backoffice/staff', { signal }),
  });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreate) => api.POST('/api/backoffice/staff', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerKeys.staff }),
  });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; change: StaffChange }) =>
      api.PATCH('/api/backoffice/staff/{agentId}', { params: { path: { agentId: input.id } }, body: input.change }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: customerKeys.staff }),
  });
}

export type CustomerPayment = ApiResponse<'/api/backoffice/customers/{customerId}/payment', 'get'>;

/** A customer's payment data (method, saved card's last four, bank account masked). */
export function useCustomerPayment(id: number) {
  return useQuery({
    queryKey: [...customerKeys.one(id), 'payment'] as const,
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/customers/{customerId}/payment', { params: { path: { customerId: id } }, signal }),
  });
}

/** What staff changed of the customer's account, newest first. */
export function useCustomerHistory(id: number) {
  return useQuery({
    queryKey: [...customerKeys.one(id), 'history'] as const,
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/customers/{customerId}/history', { params: { path: { customerId: id } }, signal }),
  });
}

export function useSaveCustomerPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/api/backoffice/customers/{customerId}/payment', 'put'>) =>
      api.PUT('/api/backoffice/customers/{customerId}/payment', { params: { path: { customerId: id } }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: customerKeys.one(id) }),
  });
}
