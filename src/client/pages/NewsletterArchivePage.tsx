import { Mail } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { HOME_SECTIONS } from '../../shared/routes';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { Skeleton } from '../components/ui/Skeleton';
import { BlogPager } from '../features/blog';
import {
  archivePageHref,
  issueHref,
  parseArchiveSearch,
  archiveStyles as styles,
} from '../features/newsletter';
import { formatDate } from '../lib/dates';
import { trpc } from '../lib/trpc';
import { NotFound } from '../components/layouts/NotFound';

/** Every issue that has been sent, newest first, a page at a time. */
export default function NewsletterArchivePage() {
  const wanted = parseArchiveSearch(useSearch());
  const archive = trpc.newsletter.archive.useQuery(wanted ?? { page: 1 }, { enabled: wanted !== null });
  const pages = archive.data ? Math.max(1, Math.ceil(archive.data.total / archive.data.pageSize)) : 1;
  if (!wanted || (archive.data && wanted.page > pages)) return <NotFound />;
  const { page } = wanted;
  return (
    <SiteLayout>
      <div className={styles.page}>
        <header className={styles.intro}>
          <h1 className={styles.title}>Newsletter archive</h1>
          <p className={styles.lead}>
            Every issue of our Hertfordshire newsletter, newest first.{' '}
            <Link href={`/#${HOME_SECTIONS.newsletterSignup}`} className={styles.link}>
              Subscribe
            </Link>{' '}
            to get the next one in your inbox.
          </p>
        </header>
        {archive.isLoading ? (
          <div aria-busy="true" aria-label="Loading past issues">
            <Skeleton height="16rem" />
          </div>
        ) : archive.data && archive.data.items.length > 0 ? (
          <>
            <ul className={styles.list} aria-label="Past issues">
              {archive.data.items.map((issue) => (
                <li key={issue.slug} className={styles.item}>
                  <h2 className={styles.itemTitle}>
                    <Link href={issueHref(issue.slug)} className={styles.itemLink}>
                      {issue.subject}
                    </Link>
                  </h2>
                  {issue.sentAt ? (
                    <time dateTime={issue.sentAt} className={styles.date} data-volatile="day">
                      {formatDate(issue.sentAt)}
                    </time>
                  ) : null}
                  {issue.preheader ? <p className={styles.preheader}>{issue.preheader}</p> : null}
                </li>
              ))}
            </ul>
            <BlogPager
              page={page}
              pages={pages}
              href={archivePageHref}
              noun="issues"
              label="Pages of past issues"
            />
          </>
        ) : (
          <div className={styles.empty}>
            <Mail size={48} aria-hidden="true" />
            <h2>No issues yet</h2>
            <p>Our first newsletter is on its way. Subscribe and it will reach your inbox.</p>
          </div>
        )}
      </div>
    </SiteLayout>
  );
}
