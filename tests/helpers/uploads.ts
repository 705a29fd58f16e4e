import type { TestApp } from './app';

/**
 * Uploads as the admin app does: asks for a signed upload link (POST /api/objects/upload, with
 * `kind: 'audio'` for an episode's audio) and PUTs `body` to it, declared as a PNG unless told
 * otherwise. Returns the two answers, the link's objectPath, and the last segment of the link (the
 * stored file's name).
 */
export async function uploadThroughLink(
  app: TestApp['app'],
  headers: Record<string, string>,
  body: Buffer,
  { contentType = 'image/png', kind }: { contentType?: string; kind?: 'audio' } = {},
) {
  const ticket = await app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers,
    ...(kind ? { payload: { kind } } : {}),
  });
  const { uploadURL, objectPath } = ticket.json() as { uploadURL: string; objectPath: string };
  const url = new URL(uploadURL);
  const put = await app.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': contentType },
    payload: body,
  });
  return { ticket, put, uploadURL, objectPath, name: url.pathname.split('/').pop()! };
}
