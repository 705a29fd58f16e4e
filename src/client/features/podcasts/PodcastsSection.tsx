import { Mic } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { PodcastEpisode } from '../../../shared/podcasts';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { Section } from '../home/Section';
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

const subscribeNever = () => () => {};

/** False in the server-rendered HTML and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

function PodcastsBody({ episodes }: { episodes: PodcastEpisode[] }) {
  const player = usePodcastPlayer(episodes);
  const hydrated = useHydrated();
  return (
    // data-ready tells automated checks the controls are live (the HTML may arrive server-rendered).
    <div className={styles.layout} data-ready={hydrated ? 'true' : undefined} data-testid="podcast-body">
      {episodes.length === 0 ? <ComingSoon /> : <PodcastPlayer player={player} />}
      <EpisodeList episodes={episodes} currentId={player.current?.id ?? null} onSelect={player.select} />
    </div>
  );
}

export function PodcastsSection() {
  const episodes = trpc.podcasts.list.useQuery();
  return (
    <Section
      id={HOME_SECTIONS.podcasts}
      eyebrow="Podcasts"
      title="Hertfordshire Voices"
      lead="Conversations with the traders, volunteers and founders who keep our towns and villages going. Listen here or on Spotify."
    >
      {episodes.isPending ? (
        <div className={styles.layout} aria-busy="true" data-testid="podcast-loading">
          <Skeleton height="16rem" />
          <Skeleton height="16rem" />
        </div>
      ) : (
        // A failed load is treated like an empty show: the section still says what is coming.
        <PodcastsBody episodes={episodes.data ?? []} />
      )}
    </Section>
  );
}
