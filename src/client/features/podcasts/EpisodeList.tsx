import { ExternalLink, Search } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { PODCAST_PAGE_SIZE, PODCAST_SEARCH_MAX, type PodcastEpisode } from '../../../shared/podcasts';
import { Button } from '../../components/ui/Button';
import { formatDate } from '../../lib/dates';
import * as styles from './EpisodeList.css';

export const NO_EPISODES = 'No Episodes Available';

export const noMatchMessage = (term: string) => `No episodes found matching "${term.trim()}"`;

export const SHOW_MORE = 'Show more episodes';

/**
 * The episode list with its search over title and description (docs/specification.md §2, screens and routes). The server searches
 * and pages: the list shows what it sent, and 'Show more episodes' asks for the next page.
 */
export function EpisodeList({
  episodes,
  term,
  onTermChange,
  searched,
  searching,
  hasMore,
  onMore,
  currentId,
  onSelect,
}: {
  episodes: PodcastEpisode[];
  term: string;
  onTermChange: (term: string) => void;
  /** The search the list answers (the term once typing pauses); '' for none. */
  searched: string;
  /** A search or page is on its way: 'no match' waits for it. */
  searching: boolean;
  hasMore: boolean;
  onMore: () => void;
  currentId: number | null;
  onSelect: (id: number) => void;
}) {
  const searchId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const shown = episodes;
  // After 'Show more', focus goes to the first episode it added (the button may be gone by then).
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || shown.length <= index) return;
    firstNew.current = null;
    listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-pick]')[index]?.focus();
  }, [shown.length]);
  const message = shown.length > 0 || searching ? '' : searched ? noMatchMessage(searched) : NO_EPISODES;

  return (
    <div className={styles.panel}>
      <div className={styles.searchWrap}>
        <label htmlFor={searchId} className="visually-hidden">
          Search episodes
        </label>
        <Search size={18} aria-hidden="true" className={styles.searchIcon} />
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder="Search by title or topic"
          value={term}
          onChange={(e) => onTermChange(e.target.value)}
          autoComplete="off"
          maxLength={PODCAST_SEARCH_MAX}
        />
      </div>

      <p role="status" className={styles.message} data-testid="podcast-list-message">
        {message}
      </p>

      {shown.length > 0 ? (
        <ul
          className={styles.list}
          aria-label="Episodes"
          aria-busy={searching ? 'true' : undefined}
          ref={listRef}
        >
          {shown.map((episode) => {
            const selected = episode.id === currentId;
            return (
              <li
                key={episode.id}
                className={[styles.item, selected ? styles.selected : ''].join(' ')}
                data-testid="podcast-episode"
              >
                <button
                  type="button"
                  data-pick=""
                  className={styles.pick}
                  onClick={() => onSelect(episode.id)}
                  aria-current={selected ? 'true' : undefined}
                  aria-describedby={`${listId}-${episode.id}`}
                >
                  <span className={styles.number} aria-hidden="true">
                    {episode.episodeNumber !== null ? `Episode ${episode.episodeNumber}` : 'Episode'}
                    {episode.publishedAt ? ` · ${formatDate(episode.publishedAt)}` : ''}
                  </span>
                  <span className={styles.title}>
                    {episode.episodeNumber !== null ? (
                      <span className="visually-hidden">Episode {episode.episodeNumber}: </span>
                    ) : null}
                    {episode.title}
                  </span>
                </button>
                <p className={styles.description} id={`${listId}-${episode.id}`}>
                  {episode.description}
                </p>
                {episode.spotifyUrl ? (
                  <a
                    className={styles.spotify}
                    href={episode.spotifyUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    // The episode's title in the name, not in hidden text between the words: an
                    // absolutely placed span broke the underline after 'Listen'.
                    aria-label={`Listen on Spotify: ${episode.title} (opens in a new tab)`}
                  >
                    Listen on Spotify
                    <ExternalLink size={14} aria-hidden="true" />
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      {hasMore ? (
        <Button
          variant="outline"
          className={styles.more}
          onClick={() => {
            firstNew.current = shown.length;
            onMore();
          }}
        >
          {SHOW_MORE}
        </Button>
      ) : null}
      {shown.length > PODCAST_PAGE_SIZE ? (
        <p className="visually-hidden" aria-live="polite">
          Showing {shown.length} episodes
        </p>
      ) : null}
    </div>
  );
}
