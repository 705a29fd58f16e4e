import { ADMIN_ACCOUNT } from '../../playwright.config';
import { openAdminSection } from './helpers/admin-data';
import { expect, test } from './helpers/sign-in';

// The owner's forms that owner-content.spec.ts does not drive: a newsletter added in the Site content
// tab and an episode added with its audio uploaded in the Podcasts tab, each on the home page after a
// reload. What this spec adds is removed again after it, for the specs that follow on this server.

const NEWSLETTER = 'Sawbridgeworth Weekly';
const EPISODE = 'Bishop’s Stortford Market Traders';
/** An MP3 as its first bytes say: an ID3 tag, then frames (what they hold does not matter here). */
const MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(4096, 0x55),
]);

test.afterAll(async ({ request }) => {
  const auth = await request.post('/api/admin/login', {
    data: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
  });
  const headers = { Authorization: `Bearer ${((await auth.json()) as { authToken: string }).authToken}` };
  const lists = [
    ['/api/admin/newsletters', (i: { name?: string }) => i.name === NEWSLETTER],
    ['/api/admin/podcasts', (i: { title?: string }) => i.title === EPISODE],
  ] as const;
  for (const [path, added] of lists) {
    const { items } = (await (await request.get(`${path}?pageSize=50`, { headers })).json()) as {
      items: Array<{ id: number; name?: string; title?: string }>;
    };
    for (const item of items.filter(added)) await request.delete(`${path}/${item.id}`, { headers });
  }
});

test('the owner adds a newsletter and an episode with its audio, and visitors see both', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn({ by: 'api' });

  await openAdminSection(page, 'Site content', 'Advertising services');
  await page.getByRole('button', { name: 'Add newsletter' }).click();
  const newsletter = page.getByRole('dialog', { name: 'Add newsletter' });
  await newsletter.getByLabel('Name').fill(NEWSLETTER);
  await newsletter.getByLabel('Area it covers').fill('Sawbridgeworth');
  await newsletter.getByLabel('Description').fill('Shops, schools and the river, every Friday.');
  await newsletter.getByLabel('Subscribe link').fill('https://sawbridgeworth.example.co.uk/subscribe');
  await newsletter.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('The newsletter has been added', { exact: true })).toBeVisible();
  await expect(newsletter).toBeHidden();
  await expect(page.getByTestId('newsletters-editor').getByText(NEWSLETTER)).toBeVisible();

  await openAdminSection(page, 'Podcasts', 'Podcast feed');
  await page.getByRole('button', { name: 'Add episode' }).click();
  const episode = page.getByRole('dialog', { name: 'Add episode' });
  await episode.getByLabel('Title').fill(EPISODE);
  await episode.getByLabel('Description').fill('Stallholders on a wet Thursday.');
  await episode
    .getByLabel('Audio file')
    .setInputFiles({ name: 'market.mp3', mimeType: 'audio/mpeg', buffer: MP3 });
  await expect(episode.getByLabel('Audio address')).toHaveValue(/^\/objects\/uploads\/[a-z2-7]{32}$/);
  await episode.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('The episode has been added', { exact: true })).toBeVisible();
  await expect(episode).toBeHidden();

  await page.goto('/');
  await page.reload();
  await expect(page.locator('#newsletters')).toContainText(NEWSLETTER);
  await expect(page.locator('#podcasts')).toContainText(EPISODE);
  const audio = await page.request.get('/api/podcasts?limit=1');
  const [latest] = (await audio.json()) as Array<{ id: number; title: string }>;
  expect(latest?.title).toBe(EPISODE);
  const played = await page.request.get(`/api/audio-proxy/${latest!.id}`, {
    headers: { range: 'bytes=0-2' },
  });
  expect(played.status()).toBe(206);
  expect((await played.body()).toString('latin1')).toBe('ID3');
});
