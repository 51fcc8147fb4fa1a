import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { apiUpload } from '../../../shared/lib/api-upload';
import type { FileReference } from '../../../shared/lib/api-contract';

export function useUploadLimits() {
  return useQuery({
    queryKey: ['upload-limits'] as const,
    queryFn: ({ signal }) => api.GET('/api/uploads/limits', { signal }),
    staleTime: 30 * 60_000,
  });
}

/** Uploads a document answering a file question; `onProgress` gets the fraction sent (0..1). */
export function uploadDocument(file: File, onProgress?: (fraction: number) => void): Promise<FileReference> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload('/api/uploads', {}, form, onProgress);
}

/** Deletes one of this session's uploads (remove or replace); an upload already gone is fine. */
export async function deleteDocument(fileId: string): Promise<void> {
  await api.DELETE('/api/uploads/{fileId}', { params: { path: { fileId } } });
}

/** Where the owner reads an upload back (download or preview). */
export function documentUrl(fileId: string): string {
  return `/api/uploads/${encodeURIComponent(fileId)}`;
}
