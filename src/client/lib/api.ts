import { TRPCClientError } from '@trpc/client';

/**
 * The error rule of the specification's error catalogue (docs/specification.md §8): a non-OK response becomes an Error whose message is
 * 'STATUS: text', the text being the response body or, when that is empty, the status text.
 */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/**
 * A plain HTTP call for the routes that are not tRPC procedures (file upload, for one): the
 * session cookie always sent, a JSON content type only with a body.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * Fetches a file from a plain route with the session (apiRequest) and hands it to the browser as a
 * download, under the name the server gives in Content-Disposition, or `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', url);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

/** The HTTP status behind an error from a tRPC call or apiRequest, when there is one. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    return typeof status === 'number' ? status : undefined;
  }
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    return match ? Number(match[1]) : undefined;
  }
  return undefined;
}

/** 'STATUS: message' for any error, as the specification's error catalogue (docs/specification.md §8) words it. */
export function errorText(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const status = errorStatus(error);
    return status ? `${status}: ${error.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The server's own message without the 'STATUS: ' prefix, for toasts that show it to people. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return error.message || undefined;
  if (error instanceof Error) {
    const body = error.message.replace(/^\d{3}: /, '');
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON: the text itself is the message.
    }
    return body || undefined;
  }
  return undefined;
}
