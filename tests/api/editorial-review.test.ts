import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '../../src/shared/blog-publishing';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInStaff, type SignedInAdmin } from '../helpers/admin';

// Editorial review: a contributor submits a draft and the editors are told; an editor returns it
// with a note and the writer is told; the writer changes it and submits again; an editor approves it
// by scheduling it. Each step is a revision of the post and an entry of the activity log.

let t: TestApp;
const PASSWORD = 'Bramble-Lane-Otter-77';
const people = {
  owner: { name: 'Olive Owner', email: 'olive@hertslocalmedia.co.uk' },
  editor: { name: 'Eve Editor', email: 'eve@hertslocalmedia.co.uk' },
  contributor: { name: 'Cal Contributor', email: 'cal@hertslocalmedia.co.uk' },
} as const;
let staff: Record<keyof typeof people, SignedInAdmin>;

const call = (who: keyof typeof people, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: staff[who].auth,
    ...(payload ? { payload } : {}),
  });
const mailTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  staff = await signedInStaff(t, people, PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

describe('editorial review', () => {
  it('goes from submitted to returned with a note, then submitted again and approved by scheduling', async () => {
    const draft = (
      await call('contributor', 'POST', '/api/admin/blogs', {
        title: 'The Lea at dawn',
        content: '<p>Herons, mist and the first train.</p>',
      })
    ).json();

    // Submitted: in the editors' queue, and each editor (the owner too) is told.
    const submitted = await call('contributor', 'POST', `/api/admin/blogs/${draft.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      review: 'submitted',
      status: 'draft',
      authorName: 'Cal Contributor',
    });
    await vi.waitFor(() => {
      expect(mailTo(people.editor.email).at(-1)?.subject).toBe('For review: The Lea at dawn');
      expect(mailTo(people.owner.email).at(-1)?.subject).toBe('For review: The Lea at dawn');
    });
    expect(mailTo(people.editor.email).at(-1)!.text).toContain(`/admin?section=blog&post=${draft.id}`);
    const queue = (await call('editor', 'GET', '/api/admin/blogs/summaries?review=submitted')).json();
    expect(queue.items.map((p: { id: number; review: string }) => [p.id, p.review])).toEqual([
      [draft.id, 'submitted'],
    ]);

    // Only an editor returns it, with a note; the writer is told.
    expect(
      (await call('contributor', 'POST', `/api/admin/blogs/${draft.id}/return`, { note: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('editor', 'POST', `/api/admin/blogs/${draft.id}/return`, { note: '  ' })).statusCode,
    ).toBe(400);
    const returned = await call('editor', 'POST', `/api/admin/blogs/${draft.id}/return`, {
      note: 'Lovely. Add where to park, and a photo of the lock.',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      review: 'returned',
      reviewNote: 'Lovely. Add where to park, and a photo of the lock.',
    });
    await vi.waitFor(() =>
      expect(mailTo(people.contributor.email).at(-1)?.subject).toBe('Returned with a note: The Lea at dawn'),
    );
    expect(mailTo(people.contributor.email).at(-1)!.text).toContain('Add where to park');
    const again = await call('editor', 'POST', `/api/admin/blogs/${draft.id}/return`, { note: 'Twice?' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(REVIEW_MESSAGES.notSubmitted);

    // Changed and submitted again; the editor approves it by scheduling it for Friday 9:00.
    const current = (await call('contributor', 'GET', `/api/admin/blogs/${draft.id}`)).json();
    expect(
      (
        await call('contributor', 'PATCH', `/api/admin/blogs/${draft.id}`, {
          content: '<p>Herons, mist and the first train. Park at the lock.</p>',
          expectedVersion: current.version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('contributor', 'POST', `/api/admin/blogs/${draft.id}/submit`)).json().review).toBe(
      'submitted',
    );
    const approved = await call('editor', 'PATCH', `/api/admin/blogs/${draft.id}`, {
      status: 'scheduled',
      publishAt: '2030-01-04T09:00:00Z',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'scheduled', review: null, reviewNote: null });
    // Scheduled, it is the editor's now: the contributor can no longer change or submit it.
    expect(
      (await call('contributor', 'PATCH', `/api/admin/blogs/${draft.id}`, { title: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('contributor', 'POST', `/api/admin/blogs/${draft.id}/submit`)).statusCode).toBe(400);

    // Each step is a revision, the return with its note, and an entry of the activity log.
    const revisions = (
      await call('editor', 'GET', `/api/admin/blogs/${draft.id}/revisions?pageSize=50`)
    ).json().items as Array<{
      step: string | null;
      note: string | null;
      authorName: string;
    }>;
    expect(revisions.filter((r) => r.step).map((r) => [r.step, r.authorName, r.note])).toEqual([
      ['approved', 'Eve Editor', null],
      ['submitted', 'Cal Contributor', null],
      ['returned', 'Eve Editor', 'Lovely. Add where to park, and a photo of the lock.'],
      ['submitted', 'Cal Contributor', null],
    ]);
    const log = (await call('owner', 'GET', '/api/admin/activity?kind=change&pageSize=100')).json()
      .items as Array<{
      action: string;
      role: string;
    }>;
    expect(log.filter((e) => e.action === 'blog.submitForReview').map((e) => e.role)).toEqual([
      'contributor',
      'contributor',
    ]);
    expect(log.filter((e) => e.action === 'blog.returnForChanges').map((e) => e.role)).toEqual(['editor']);
  });

  it("refuses to submit someone else's post or one that is not a draft", async () => {
    const editors = (
      await call('editor', 'POST', '/api/admin/blogs', {
        title: 'Market day',
        content: '<p>Stalls.</p>',
        published: true,
      })
    ).json();
    expect((await call('contributor', 'POST', `/api/admin/blogs/${editors.id}/submit`)).statusCode).toBe(403);
    const notDraft = await call('editor', 'POST', `/api/admin/blogs/${editors.id}/submit`);
    expect(notDraft.statusCode).toBe(400);
    expect(notDraft.json().message).toBe(REVIEW_MESSAGES.notADraft);
  });
});
