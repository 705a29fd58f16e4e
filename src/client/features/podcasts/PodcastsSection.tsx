import { Mic } from 'lucide-react';
import { useState } from 'react';
import type { PodcastEpisode } from '../../../shared/podcasts';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { useHydrated } from '../../lib/lazy-section';
import { useDebounced } from '../../lib/useDebounced';
import { Section } from '../home';
import { EpisodeList } from './EpisodeList';
import { PodcastPlayer } from './PodcastPlayer';
import { usePodcastPlayer } from './usePodcastPlayer';
import * as styles from './PodcastsSection.css';

export const COMING_SOON = 'Coming Soon';

function ComingSoon() {
  return (
    <div className={styles.comingSoon} data-testid="podcast-coming-soon">
      <Mic size={40} aria-hidden="true" className={styles.comingSoonIcon} />
      <h3 className={styles.comingSoonTitle}>{COMING_SOON}</h3>
      <p className={styles.comingSoonText}>
        Our first episodes are being recorded around the county now. Check back soon to hear them here.
      </p>
    </div>
  );
}

/**
 * The show's episodes as the listener pages and searches them: the server searches (title and
 * description) and pages; the first page without a search ({ page: 1 }) is the one the server rendered.
 */
function useEpisodePages(term: string) {
  const q = useDebounced(term.trim(), 300);
  const [pages, setPages] = useState(1);
  const [pagesFor, setPagesFor] = useState(q);
  // A new search starts again from its first page.
  if (pagesFor !== q) {
    setPagesFor(q);
    setPages(1);
  }
  const queries = trpc.useQueries((t) =>
    Array.from({ length: pages }, (_, i) =>
      t.podcasts.pages({ page: i + 1, ...(q ? { q } : {}) }, { placeholderData: (previous) => previous }),
    ),
  );
  const shown = queries.flatMap((query) => query.data?.items ?? []);
  const last = queries[pages - 1];
  return {
    q,
    shown,
    firstPending: queries[0]!.isPending,
    searching: term.trim() !== q || queries.some((query) => query.isPlaceholderData || query.isFetching),
    hasMore: !!last?.data && !last.isPlaceholderData && shown.length < last.data.total,
    loadMore: () => setPages((n) => n + 1),
  };
}

function PodcastsBody({
  term,
  onTermChange,
  pages,
}: {
  term: string;
  onTermChange: (term: string) => void;
  pages: ReturnType<typeof useEpisodePages>;
}) {
  // The player keeps the episode it has while the list changes under it (a search, more pages).
  const [playing, setPlaying] = useState<PodcastEpisode | null>(null);
  const episodes =
    playing && !pages.shown.some((e) => e.id === playing.id) ? [playing, ...pages.shown] : pages.shown;
  const player = usePodcastPlayer(episodes);
  const current = player.current;
  if (current && current.id !== playing?.id) setPlaying(current);
  const hydrated = useHydrated();
  const showComingSoon = pages.shown.length === 0 && !pages.q && !playing;
  return (
    // data-ready tells automated checks the controls are live (the HTML may arrive server-rendered).
    <div className={styles.layout} data-ready={hydrated ? 'true' : undefined} data-testid="podcast-body">
      {showComingSoon ? <ComingSoon /> : <PodcastPlayer player={player} />}
      <EpisodeList
        episodes={pages.shown}
        term={term}
        onTermChange={onTermChange}
        searched={pages.q}
        searching={pages.searching}
        hasMore={pages.hasMore}
        onMore={pages.loadMore}
        currentId={current?.id ?? null}
        onSelect={player.select}
      />
    </div>
  );
}

export function PodcastsSection() {
  const [term, setTerm] = useState('');
  const pages = useEpisodePages(term);
  return (
    <Section
      id={HOME_SECTIONS.podcasts}
      eyebrow="Podcasts"
      title="Hertfordshire Voices"
      lead="Conversations with the traders, volunteers and founders who keep our towns and villages going. Listen here or on Spotify."
    >
      {pages.firstPending && !pages.q ? (
        <div className={styles.layout} aria-busy="true" data-testid="podcast-loading">
          <Skeleton height="16rem" />
          <Skeleton height="16rem" />
        </div>
      ) : (
        // A failed load is treated like an empty show: the section still says what is coming.
        <PodcastsBody term={term} onTermChange={setTerm} pages={pages} />
      )}
    </Section>
  );
}
