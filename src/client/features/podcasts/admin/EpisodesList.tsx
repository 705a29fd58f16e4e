import { keepPreviousData } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { AdminEpisode, EpisodeSource } from '../../../../shared/podcasts.schema';
import { Button } from '../../../components/ui/Button';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  AdminSection,
  DateTime,
  ItemDialogs,
  SearchFilter,
  shownColumn,
  useAdminList,
  useItemDialogs,
  useToastedChange,
  VisibilityButton,
  tableStyles as styles,
  type AdminListColumn,
} from '../../../components/admin';
import { EpisodeForm } from './EpisodeForm';

const SOURCE_LABELS: Record<EpisodeSource, string> = {
  feed: 'From the feed',
  manual: 'Added here',
  sample: 'Sample',
};

/** Every episode, hidden or shown, newest first: search, add, edit, hide and delete. */
export function EpisodesList() {
  const ids = useId();
  const utils = trpc.useUtils();
  const list = useAdminList({});
  const query = trpc.podcastAdmin.episodes.useQuery(
    { page: list.page, pageSize: list.pageSize, q: list.q },
    { placeholderData: keepPreviousData },
  );
  const update = trpc.podcastAdmin.updateEpisode.useMutation();
  const remove = trpc.podcastAdmin.deleteEpisode.useMutation();
  const dialogs = useItemDialogs<AdminEpisode>();
  const refresh = () => Promise.all([utils.podcastAdmin.episodes.invalidate(), utils.podcasts.invalidate()]);

  const { run } = useToastedChange();

  const columns: Array<AdminListColumn<AdminEpisode>> = [
    {
      label: 'Episode',
      primary: true,
      render: (e) => (
        <span className={styles.subjectCell}>
          <span className={styles.strong}>
            {e.episodeNumber !== null ? `${e.episodeNumber}. ` : ''}
            {e.title}
          </span>
          <span className={styles.muted}>{SOURCE_LABELS[e.source]}</span>
        </span>
      ),
    },
    {
      label: 'Published',
      nowrap: true,
      render: (e) => (e.publishedAt ? <DateTime iso={e.publishedAt} /> : '—'),
    },
    shownColumn(),
    {
      label: 'Actions',
      actions: true,
      render: (e) => (
        <>
          {e.source !== 'feed' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => dialogs.onEditing(e)}
              aria-label={`Edit ${e.title}`}
            >
              <Pencil size={16} aria-hidden="true" /> Edit
            </Button>
          ) : null}
          <VisibilityButton
            visible={e.visible}
            name={e.title}
            noun="episode"
            run={run}
            setVisible={(visible) => update.mutateAsync({ id: e.id, visible }).then(refresh)}
          />
          {e.source !== 'feed' ? (
            <Button
              size="sm"
              variant="danger"
              onClick={() => dialogs.onDeleting(e)}
              aria-label={`Delete ${e.title}`}
            >
              <Trash2 size={16} aria-hidden="true" /> Delete
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <AdminSection
      title="Episodes"
      lead="Newest first, as the home page plays them. Episodes from the feed are changed at the podcast host; here you can hide them."
      action={
        <Button onClick={() => dialogs.onEditing('new')}>
          <Plus size={18} aria-hidden="true" /> Add episode
        </Button>
      }
    >
      <div className={styles.filters} role="search" aria-label="Search episodes">
        <SearchFilter
          id={`${ids}-q`}
          placeholder="Title or description"
          value={list.search}
          onChange={list.setSearch}
        />
      </div>
      <AdminList
        caption="Podcast episodes, newest first"
        noun="episodes"
        query={query}
        columns={columns}
        rowKey={(e) => e.id}
        rowTestId="episode-row"
        onPage={list.setPage}
        emptyText="No episodes yet: import the feed or add one."
        filteredEmptyText="No episodes match this search."
        filtered={list.filtered}
        errorText="The episodes could not be loaded. Please refresh the page."
      />
      <ItemDialogs
        {...dialogs}
        noun="episode"
        form={EpisodeForm}
        refresh={refresh}
        deleteDescription={(episode) =>
          `Delete ${episode?.title ?? 'this episode'}? It disappears from the site at once.`
        }
        run={run}
        remove={(episode) => remove.mutateAsync({ id: episode.id }).then(refresh)}
      />
    </AdminSection>
  );
}
