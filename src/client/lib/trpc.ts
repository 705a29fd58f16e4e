import { createTRPCReact, httpBatchLink, splitLink, type TRPCLink } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../../server/router';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_PROCEDURES } from '../../shared/idempotency';
import { TRPC_URL_MAX_LENGTH } from '../../shared/trpc-batching';

// Typed calls to the server's procedures. Only the router's type crosses over, never its code.
// The admin's session travels as the HttpOnly cookie (credentials: 'include'), never as a header.
export const trpc = createTRPCReact<AppRouter>();

function newKey(): string {
  // crypto.randomUUID exists only on secure origins; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per submission of a creating operation: the same operation with the same
 * input gets the same key until it succeeds, so a double click or a retry after a dropped
 * connection is answered by the server from the first and creates nothing twice.
 */
export function idempotencyKeyLink(): TRPCLink<AppRouter> {
  const open = new Map<string, string>();
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        if (op.type !== 'mutation' || !IDEMPOTENT_PROCEDURES.has(op.path))
          return next(op).subscribe(observer);
        const submission = `${op.path} ${JSON.stringify(op.input ?? null)}`;
        const key = open.get(submission) ?? newKey();
        open.set(submission, key);
        return next({ ...op, context: { ...op.context, idempotencyKey: key } }).subscribe({
          next(value) {
            open.delete(submission);
            observer.next(value);
          },
          error(error) {
            observer.error(error);
          },
          complete() {
            observer.complete();
          },
        });
      });
}

export function createTrpcClient(baseUrl = '') {
  const batching = {
    url: `${baseUrl}/trpc`,
    fetch: (url: URL | RequestInfo, options?: RequestInit | object) =>
      fetch(url, { ...(options as RequestInit), credentials: 'include' }),
    // A batched GET names every procedure and carries every input in its address: a batch that
    // would be longer than the server takes is split in two before it is sent.
    maxURLLength: TRPC_URL_MAX_LENGTH,
  };
  return trpc.createClient({
    links: [
      idempotencyKeyLink(),
      splitLink({
        // A keyed call goes in a batch of its own, since a batch has one set of headers.
        condition: (op) => typeof op.context.idempotencyKey === 'string',
        true: httpBatchLink({
          ...batching,
          maxItems: 1,
          headers: ({ opList }) => ({ [IDEMPOTENCY_KEY_HEADER]: String(opList[0]?.context.idempotencyKey) }),
        }),
        false: httpBatchLink(batching),
      }),
    ],
  });
}
