import type { CounterPhoto } from '@roam/contract/counter';
import { ApiError } from '#web/lib/api-client';

// `POST /api/counter-photo/{id}` (multipart `photo`): a photo of the car, uploaded as soon as it is taken, re-encoded
// by the server (≤ 1600 px, ≤ 300 KB) and private to the booking. Through XMLHttpRequest, not the API client's
// fetch: only XHR reports an upload's progress, which a desk on a lot's mobile network needs to see. Its failures are
// the API client's ApiError, so the screen words them as it words every other refusal.

/** Sends `file`; `onProgress` gets 0–1 as the bytes leave; an aborted signal stops it (an AbortError). */
export function uploadCounterPhoto(
  bookingId: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CounterPhoto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/counter-photo/${encodeURIComponent(bookingId)}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as CounterPhoto);
      const refusal = body as { code?: string; message?: string } | undefined;
      reject(
        new ApiError({
          status: request.status,
          code: (refusal?.code as ApiError['code'] | undefined) ?? 'UNEXPECTED_RESPONSE',
          message: refusal?.message ?? `HTTP ${request.status}`,
        }),
      );
    };
    request.onerror = () =>
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The server could not be reached.' }));
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('photo', file, file instanceof File ? file.name : 'photo.jpg');
    request.send(form);
  });
}
