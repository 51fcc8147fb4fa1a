import { ApiError, csrfHeaders, NETWORK_ERROR, refreshCsrfToken, toApiError } from './api-client';

// Apart from api-client.ts: only the screens that upload files need it, not the shop's entry (npm run bench:bundle).

/**
 * Sends a multipart form with upload progress (fetch cannot report it): XMLHttpRequest, the same CSRF header and
 * one retry with a fresh token, the same ApiError on failure.
 */
export async function apiUpload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  const once = () =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      xhr.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(csrfHeaders())) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status }));
      xhr.onerror = () => reject(new ApiError({ status: 0, code: NETWORK_ERROR, message: '' }));
      xhr.send(form);
    });
  let response = await once();
  if (response.status === 403) {
    const error = await toApiError(response.clone());
    if (error.code === 'CSRF_INVALID' && (await refreshCsrfToken())) response = await once();
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
