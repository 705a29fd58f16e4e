import { Calendar } from 'lucide-react';
import { Link } from 'wouter';
import { blogPostHref } from '../../../shared/blog-publishing';
import type { BlogSearchHit } from '../../../shared/blog-publishing.schema';
import { formatDate } from '../../lib/dates';
import { Highlighted } from './Highlighted';
import * as extras from './BlogExtras.css';
import * as styles from './BlogCard.css';

/** One page of search results: the title and a snippet of each post, the words that matched marked. */
export function SearchResults({ hits }: { hits: BlogSearchHit[] }) {
  return (
    <ol className={extras.results} aria-label="Search results">
      {hits.map((hit) => (
        <li key={hit.id} className={extras.result} data-testid="search-result">
          <h2 className={extras.resultTitle}>
            <Link href={blogPostHref(hit)} className={extras.resultLink}>
              <Highlighted parts={hit.titleParts} />
            </Link>
          </h2>
          <div className={styles.meta}>
            <span className={styles.metaItem}>
              <Calendar size={14} aria-hidden="true" />
              <time dateTime={hit.publishedAt ?? undefined}>
                {hit.publishedAt ? formatDate(hit.publishedAt) : ''}
              </time>
            </span>
            {hit.category ? <span className={styles.category}>{hit.category}</span> : null}
          </div>
          <p className={extras.snippet}>
            <Highlighted parts={hit.snippetParts} />
          </p>
        </li>
      ))}
    </ol>
  );
}
