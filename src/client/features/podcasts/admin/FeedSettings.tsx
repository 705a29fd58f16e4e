import { Download } from 'lucide-react';
import { useEffect, useId } from 'react';
import { EPISODE_LIMITS, podcastFeedInputSchema } from '../../../../shared/podcasts.schema';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/form/TextField';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { DateTime, tableStyles as styles } from '../../../components/admin';

/** The show's RSS feed: its address, importing it now, and how the last import went. */
export function FeedSettings() {
  const ids = useId();
  const utils = trpc.useUtils();
  const feed = trpc.podcastAdmin.feed.useQuery();
  const setFeed = trpc.podcastAdmin.setFeed.useMutation();
  const importNow = trpc.podcastAdmin.importNow.useMutation();
  const form = useSchemaForm({ initial: { feedUrl: '' }, schema: podcastFeedInputSchema });
  const { reset } = form;
  useEffect(() => {
    if (feed.data) reset({ feedUrl: feed.data.feedUrl ?? '' });
  }, [feed.data, reset]);

  const failed = (title: string, error: unknown) =>
    toast({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
  const submit = form.submit({
    onValid: async (input) => {
      try {
        utils.podcastAdmin.feed.setData(undefined, await setFeed.mutateAsync(input));
        toast({ title: input.feedUrl ? 'Feed address saved' : 'Feed import turned off' });
      } catch (error) {
        failed('Could not save the feed address', error);
      }
    },
  });
  const runImport = async () => {
    try {
      const result = await importNow.mutateAsync();
      toast({ title: 'Feed imported', description: result.message });
    } catch (error) {
      failed('The feed could not be imported', error);
    } finally {
      await Promise.all([utils.podcastAdmin.invalidate(), utils.podcasts.invalidate()]);
    }
  };
  const last = feed.data?.lastImport;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Podcast feed
        </h2>
        <p className={styles.lead}>
          The show&apos;s RSS feed from its podcast host. New episodes are added on every import (at start and
          regularly); nothing is ever deleted, and an episode you hide stays hidden.
        </p>
      </div>
      <form className={fieldStyles.stack} onSubmit={submit} noValidate>
        <TextField
          id={`${ids}-url`}
          label="Feed address"
          type="url"
          inputMode="url"
          maxLength={EPISODE_LIMITS.url}
          hint={
            feed.data?.fromConfig
              ? 'Set by the server (PODCAST_FEED_URL) until you save one here.'
              : 'Leave empty and save to stop importing.'
          }
          {...form.field('feedUrl')}
          error={form.errors.feedUrl}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="outline" disabled={form.submitting}>
            Save address
          </Button>
          <Button onClick={() => void runImport()} disabled={importNow.isPending || !feed.data?.feedUrl}>
            <Download size={18} aria-hidden="true" /> {importNow.isPending ? 'Importing...' : 'Import now'}
          </Button>
        </div>
      </form>
      {last ? (
        <p className={styles.muted} role="status">
          Last import <DateTime iso={last.at} />: {last.message}
        </p>
      ) : null}
    </section>
  );
}
