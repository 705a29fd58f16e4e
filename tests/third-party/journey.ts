// What a third party does with our API, written only against the types openapi-typescript
// generates from openapi/openapi.json (./api.d.ts) and the openapi-fetch client: no import from
// src/, no casts. If the document stops describing what the server does, this file stops
// compiling (npm run typecheck) or tests/api/generated-client.test.ts fails when it runs.
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

type ApiError = components['schemas']['Error'];
/** Retry-After is typed by the document on every 429; a client reads it to know how long to wait. */
export type SubscribeRetryAfter = paths['/subscribe']['post']['responses'][429]['headers']['Retry-After'];

export interface JourneyInput {
  /** The API's base URL, the document's server: http://host:port/api */
  baseUrl: string;
  email: string;
  password: string;
  /** A small PNG to upload. */
  image: Uint8Array;
  /** How the client waits out a 429 (a test moves its clock instead of sleeping for minutes). */
  wait(seconds: number): Promise<void>;
}

export interface JourneyResult {
  publicPosts: number;
  firstPostTitle: string;
  signedInAs: string;
  objectPath: string;
  created: { id: number; published: boolean; imageUrl: string | null };
  updatedTitle: string;
  deletedThenMissing: number;
  subscribed: string;
  contactSent: string;
  badRequest: { status: number; paths: string[]; code: string };
  throttled: { status: number; retryAfter: number; code: string; afterWaiting: number };
}

function fail(step: string, error: ApiError | undefined, status: number): never {
  throw new Error(`${step}: ${status} ${error?.code ?? ''} ${error?.message ?? ''}`);
}

export async function thirdPartyJourney(input: JourneyInput): Promise<JourneyResult> {
  const api = createClient<paths>({ baseUrl: input.baseUrl });

  // Read the public blog, then one post.
  const list = await api.GET('/blog');
  if (!list.data) return fail('list posts', list.error, list.response.status);
  const first = list.data[0];
  if (!first) throw new Error('list posts: no published post');
  const post = await api.GET('/blog/{id}', { params: { path: { id: first.id } } });
  if (!post.data) return fail('read a post', post.error, post.response.status);

  // Sign in and use the token as a bearer credential, as a script would.
  const login = await api.POST('/admin/login', { body: { email: input.email, password: input.password } });
  if (!login.data) return fail('sign in', login.error, login.response.status);
  const admin = createClient<paths>({
    baseUrl: input.baseUrl,
    headers: { Authorization: `Bearer ${login.data.authToken}` },
  });

  // Upload an image: ask for a signed uploadURL, then PUT the bytes to it. The uploadURL is under
  // the document's server, so its path and query are the operation's parameters.
  const ticket = await admin.POST('/objects/upload', {
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
  });
  if (!ticket.data) return fail('upload URL', ticket.error, ticket.response.status);
  const target = new URL(ticket.data.uploadURL);
  const name = target.pathname.split('/').pop() ?? '';
  const put = await admin.PUT('/objects/uploads/{name}', {
    params: {
      path: { name },
      query: {
        expires: target.searchParams.get('expires') ?? '',
        signature: target.searchParams.get('signature') ?? '',
      },
    },
    body: input.image,
    bodySerializer: (bytes) => bytes,
    headers: { 'Content-Type': 'image/png' },
  });
  if (!put.data) return fail('upload', put.error, put.response.status);

  // A draft with that image; update it; delete it.
  const created = await admin.POST('/admin/blogs', {
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
    body: {
      title: 'Draft from a partner',
      content: '<p>Written elsewhere.</p>',
      imageUrl: put.data.objectPath,
      published: false,
    },
  });
  if (!created.data) return fail('create a draft', created.error, created.response.status);
  const id = created.data.id;
  const updated = await admin.PATCH('/admin/blogs/{id}', {
    params: { path: { id } },
    body: { title: 'Draft from a partner, revised' },
  });
  if (!updated.data) return fail('update the draft', updated.error, updated.response.status);
  const deleted = await admin.DELETE('/admin/blogs/{id}', { params: { path: { id } } });
  if (!deleted.data) return fail('delete the draft', deleted.error, deleted.response.status);
  const again = await admin.DELETE('/admin/blogs/{id}', { params: { path: { id } } });

  // Subscribe to the newsletter, and send a contact message answering the captcha.
  const subscribed = await api.POST('/subscribe', { body: { email: 'partner.reader@example.co.uk' } });
  if (!subscribed.data) return fail('subscribe', subscribed.error, subscribed.response.status);
  const challenge = await api.GET('/contact/challenge');
  if (!challenge.data) return fail('challenge', challenge.error, challenge.response.status);
  const contact = await api.POST('/contact', {
    body: {
      name: 'Priya Partner',
      email: 'priya@example.co.uk',
      subject: 'Advertising',
      message: 'We would like a quarter page in the spring issue.',
      type: 'advertising',
      challenge: challenge.data.challenge,
      answer: challenge.data.a + challenge.data.b,
    },
  });
  if (!contact.data) return fail('contact', contact.error, contact.response.status);

  // A 400 names the fields at fault, so a form can mark them.
  const bad = await api.POST('/subscribe', { body: { email: 'not an address' } });
  if (!bad.error) throw new Error('a bad address was accepted');
  const badRequest = {
    status: bad.response.status,
    paths: (bad.error.issues ?? []).map((i) => i.path),
    code: bad.error.code,
  };

  // Keep subscribing until the limit answers 429, then wait as long as Retry-After says.
  let throttledStatus = 0;
  let retryAfter = 0;
  let throttledCode = '';
  for (let i = 0; i < 50 && throttledStatus === 0; i += 1) {
    const res = await api.POST('/subscribe', { body: { email: `reader${i}@example.co.uk` } });
    if (res.error && res.response.status === 429) {
      throttledStatus = 429;
      throttledCode = res.error.code;
      const header: SubscribeRetryAfter = Number(res.response.headers.get('Retry-After'));
      retryAfter = header;
    }
  }
  await input.wait(retryAfter);
  const afterWaiting = await api.POST('/subscribe', { body: { email: 'patient.reader@example.co.uk' } });

  return {
    publicPosts: list.data.length,
    firstPostTitle: post.data.title,
    signedInAs: login.data.user.email,
    objectPath: put.data.objectPath,
    created: { id, published: created.data.publishedAt !== null, imageUrl: created.data.imageUrl },
    updatedTitle: updated.data.title,
    deletedThenMissing: again.response.status,
    subscribed: subscribed.data.message,
    contactSent: contact.data.message,
    badRequest,
    throttled: {
      status: throttledStatus,
      retryAfter,
      code: throttledCode,
      afterWaiting: afterWaiting.response.status,
    },
  };
}
