import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, MapPin, X } from 'lucide-react';
import { NEWSLETTER_SKELETON_CARDS, SUBSCRIBERS_CLAIM } from '../../../shared/constants';
import type { Newsletter } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { newsletterBrand, type NewsletterBrand } from './newsletter-brands';
import { Section } from './Section';
import * as styles from './NewslettersSection.css';
import { phoneAction } from './PhoneAction.css';

/** The subscribe link: an external platform page in a new tab, or our own signup form. */
function SubscribeLink({ brand, name, block, size }: { brand: NewsletterBrand; name: string; block?: boolean; size?: 'sm' | 'md' }) {
  const external = brand.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <ButtonLink href={brand.subscribeUrl} variant="outline" block={block} size={size} {...external}>
      Subscribe<span className="visually-hidden"> to {name}</span>
      {brand.external ? (
        <>
          <ExternalLink size={16} aria-hidden="true" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </>
      ) : null}
    </ButtonLink>
  );
}

function NewsletterCard({ newsletter }: { newsletter: Newsletter }) {
  const brand = newsletterBrand(newsletter.name);
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
        <SubscribeLink brand={brand} name={newsletter.name} block />
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

/** 'View All Publications': every newsletter at a glance, with its subscribe link. */
function AllPublications({ newsletters }: { newsletters: Newsletter[] }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="lg">
          View All Publications
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHead}>
            <Dialog.Title className={styles.dialogTitle}>All our publications</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogText}>
            Every community newsletter we publish. Can&apos;t see your town? Join our general newsletter and we will
            tell you when we launch near you.
          </Dialog.Description>
          <ul className={styles.pubList}>
            {newsletters.map((n) => (
              <li key={n.id} className={styles.pub}>
                <span>
                  <span className={`${styles.pubName} ${styles.tone[newsletterBrand(n.name).tone]}`}>{n.name}</span>
                  <span className={styles.dialogText}>{n.location}</span>
                </span>
                <SubscribeLink brand={newsletterBrand(n.name)} name={n.name} size="sm" />
              </li>
            ))}
          </ul>
          <Dialog.Close asChild>
            <ButtonLink href={`#${HOME_SECTIONS.newsletterSignup}`}>Join the general newsletter</ButtonLink>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function NewslettersSection() {
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
          : // A failed load shows nothing (SPEC section 4).
            list.map((n) => <NewsletterCard key={n.id} newsletter={n} />)}
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
            We build, write and send newsletters for schools, clubs, parish councils and businesses, with the same care
            we give our own.
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
