import { ExternalLink, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { filterEpisodes, type PodcastEpisode } from '../../../shared/podcasts';
import * as styles from './EpisodeList.css';

export const NO_EPISODES = 'No Episodes Available';

// A fixed time zone, so the page rendered on the server and hydrated in the browser agree.
const publishedDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
export const noMatchMessage = (term: string) => `No episodes found matching "${term.trim()}"`;

/** The episode list with its search over title and description (SPEC section 2). */
export function EpisodeList({
  episodes,
  currentId,
  onSelect,
}: {
  episodes: PodcastEpisode[];
  currentId: number | null;
  onSelect: (id: number) => void;
}) {
  const [term, setTerm] = useState('');
  const searchId = useId();
  const listId = useId();
  const shown = filterEpisodes(episodes, term);

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
          placeholder="Search episodes by title or topic"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          autoComplete="off"
        />
      </div>

      <p role="status" className={styles.message} data-testid="podcast-list-message">
        {episodes.length === 0 ? NO_EPISODES : shown.length === 0 ? noMatchMessage(term) : ''}
      </p>

      {shown.length > 0 ? (
        <ul className={styles.list} aria-label="Episodes">
          {shown.map((episode) => {
            const selected = episode.id === currentId;
            return (
              <li key={episode.id} className={[styles.item, selected ? styles.selected : ''].join(' ')} data-testid="podcast-episode">
                <button
                  type="button"
                  className={styles.pick}
                  onClick={() => onSelect(episode.id)}
                  aria-current={selected ? 'true' : undefined}
                  aria-describedby={`${listId}-${episode.id}`}
                >
                  <span className={styles.number} aria-hidden="true">
                    {episode.episodeNumber !== null ? `Episode ${episode.episodeNumber}` : 'Episode'}
                    {episode.publishedAt ? ` · ${publishedDate.format(new Date(episode.publishedAt))}` : ''}
                  </span>
                  <span className={styles.title}>
                    {episode.episodeNumber !== null ? <span className="visually-hidden">Episode {episode.episodeNumber}: </span> : null}
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
                  >
                    Listen<span className="visually-hidden"> to {episode.title}</span> on Spotify
                    <span className="visually-hidden"> (opens in a new tab)</span>
                    <ExternalLink size={14} aria-hidden="true" />
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
