import { ExternalLink, MapPin } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { NEWSLETTER_SKELETON_CARDS, SUBSCRIBERS_CLAIM } from '../../../shared/constants';
import type { Publication } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { publicationBrand, subscribeLink } from './publication-brands';
import { Section } from './Section';
import * as styles from './PublicationsSection.css';
import { phoneAction } from './PhoneAction.css';

const AllPublicationsDialog = lazy(() => import('./AllPublicationsDialog'));

/** The subscribe link: an external platform page in a new tab, or our own signup form. */
function SubscribeLink({
  newsletter,
  block,
  size,
}: {
  newsletter: Publication;
  block?: boolean;
  size?: 'sm' | 'md';
}) {
  const link = subscribeLink(newsletter);
  const external = link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <ButtonLink href={link.href} variant="outline" block={block} size={size} {...external}>
      Subscribe<span className="visually-hidden"> to {newsletter.name}</span>
      {link.external ? (
        <>
          <ExternalLink size={16} aria-hidden="true" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </>
      ) : null}
    </ButtonLink>
  );
}

function PublicationCard({ newsletter }: { newsletter: Publication }) {
  const brand = publicationBrand(newsletter.name);
  return (
    <Card className={styles.card} data-testid="newsletter-card" data-tone={brand.tone}>
      <img src={brand.image} alt="" width={600} height={340} loading="lazy" className={styles.image} />
      <div className={styles.body}>
        <h3 className={`${styles.title} ${styles.tone[brand.tone]}`}>{newsletter.name}</h3>
        <p className={styles.location}>
          <MapPin size={16} aria-hidden="true" />
          {newsletter.location}
        </p>
        <p className={styles.description}>{newsletter.description}</p>
      </div>
      <div className={styles.footer}>
        <SubscribeLink newsletter={newsletter} block />
      </div>
    </Card>
  );
}

function NewsletterSkeleton() {
  return (
    <Card aria-hidden="true" className={styles.card} data-testid="newsletter-skeleton">
      <Skeleton height="9rem" />
      <div className={styles.skeletonBody}>
        <Skeleton width="60%" height="1.5rem" />
        <Skeleton width="45%" />
        <Skeleton height="4rem" />
        <Skeleton height="2.75rem" />
      </div>
    </Card>
  );
}

/**
 * 'View All Publications': every newsletter at a glance, with its subscribe link. The dialog's code
 * (Radix) loads on the first click, so the home page does not carry it.
 */
function AllPublications({ newsletters }: { newsletters: Publication[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const trigger = (
    <Button
      ref={button}
      variant="outline"
      size="lg"
      aria-haspopup="dialog"
      onClick={() => {
        setWanted(true);
        setOpen(true);
      }}
    >
      View All Publications
    </Button>
  );
  return (
    <>
      {trigger}
      {wanted ? (
        <Suspense fallback={null}>
          <AllPublicationsDialog
            open={open}
            onOpenChange={setOpen}
            newsletters={newsletters}
            renderSubscribeLink={(n) => <SubscribeLink newsletter={n} size="sm" />}
            returnFocusTo={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function PublicationsSection() {
  const newsletters = trpc.content.newsletters.useQuery();
  const list = newsletters.data ?? [];
  return (
    <Section
      id={HOME_SECTIONS.newsletters}
      eyebrow="Our newsletters"
      title="Community newsletters for Hertfordshire"
      lead={`Local news, events and offers, read by ${SUBSCRIBERS_CLAIM} subscribers across the county.`}
    >
      <div className={styles.grid} aria-busy={newsletters.isPending}>
        {newsletters.isPending
          ? Array.from({ length: NEWSLETTER_SKELETON_CARDS }, (_, i) => <NewsletterSkeleton key={i} />)
          : // A failed load shows nothing (docs/specification.md §4, states and transitions).
            list.map((n) => <PublicationCard key={n.id} newsletter={n} />)}
      </div>
      {list.length > 0 ? (
        <div className={styles.more}>
          <AllPublications newsletters={list} />
        </div>
      ) : null}
      <div className={styles.build}>
        <div>
          <h3 className={styles.buildTitle}>Want a newsletter of your own?</h3>
          <p className={styles.buildText}>
            We build, write and send newsletters for schools, clubs, parish councils and businesses, with the
            same care we give our own.
          </p>
        </div>
        <div className={styles.buildActions}>
          <ButtonLink href={`#${HOME_SECTIONS.contact}`} variant="light" size="lg" className={phoneAction}>
            Get Started Today
          </ButtonLink>
        </div>
      </div>
    </Section>
  );
}
