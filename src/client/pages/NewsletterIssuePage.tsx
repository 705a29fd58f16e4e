import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { HOME_SECTIONS, ROUTES } from '../../shared/routes';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { Skeleton } from '../components/ui/Skeleton';
import { formatDate } from '../lib/dates';
import { trpc } from '../lib/trpc';
import { archiveStyles as styles } from '../features/newsletter';

/** One sent issue's web version: the archive's page for it. */
export default function NewsletterIssuePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  // An issue the server already found missing stays missing: no refetch when the page hydrates.
  const issue = trpc.newsletter.archiveIssue.useQuery(
    { slug },
    { enabled: slug !== '', retryOnMount: false },
  );

  if (slug !== '' && issue.isLoading) {
    return (
      <SiteLayout>
        <div className={styles.page} aria-busy="true">
          <Skeleton height="20rem" />
        </div>
      </SiteLayout>
    );
  }

  const back = (
    <Link href={ROUTES.newsletterArchive} className={styles.back}>
      <ArrowLeft size={16} aria-hidden="true" /> All past issues
    </Link>
  );

  if (!issue.data) {
    return (
      <SiteLayout>
        <div className={styles.empty}>
          <h1>Issue not found</h1>
          <p>The newsletter issue you are looking for has been moved or no longer exists.</p>
          {back}
        </div>
      </SiteLayout>
    );
  }

  const data = issue.data;
  return (
    <SiteLayout>
      <article className={styles.page}>
        {back}
        {data.sentAt ? (
          <time dateTime={data.sentAt} className={styles.date} data-volatile="day">
            {formatDate(data.sentAt)}
          </time>
        ) : null}
        <h1 className={styles.issueTitle}>{data.subject}</h1>
        {data.preheader ? <p className={styles.lead}>{data.preheader}</p> : null}
        {/* Sanitised by the server with an allow-list before it was stored. */}
        <div className={styles.content} dangerouslySetInnerHTML={{ __html: data.html }} />
        <aside className={styles.signup} aria-label="Subscribe">
          <p>
            Enjoyed this issue?{' '}
            <Link href={`/#${HOME_SECTIONS.newsletterSignup}`} className={styles.link}>
              Subscribe to the newsletter
            </Link>{' '}
            and get the next one in your inbox.
          </p>
        </aside>
      </article>
    </SiteLayout>
  );
}
