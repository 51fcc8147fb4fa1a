import {
  ApiError,
  csrfHeaders,
  fillPath,
  NETWORK_ERROR,
  refreshCsrfToken,
  toApiError,
  type ApiSuccess,
  type PathOf,
  type PathParams,
} from './api-client';

// Apart from api-client.ts: only the screens that upload files need it, not the shop's entry (npm run bench:bundle).

/**
 * Sends a multipart form with upload progress to a documented POST route: fetch, and so openapi-fetch, cannot report
 * a request's progress, so this is XMLHttpRequest with the client's CSRF header, its one retry with a fresh token and
 * its ApiError on failure. The path and the answer are the contract's, as with `api`.
 */
export async function apiUpload<P extends PathOf<'post'>>(
  route: P,
  params: PathParams<P, 'post'>,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<ApiSuccess<P, 'post'>> {
  const path = fillPath(route, params);
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
  return (await response.json()) as ApiSuccess<P, 'post'>;
}
