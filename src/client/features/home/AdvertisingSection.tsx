import { Calendar, CheckCircle2, FileText, Mail, Users, type LucideIcon } from 'lucide-react';
import { ADVERTISING_SKELETON_CARDS } from '../../../shared/constants';
import type { AdvertisingService } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Badge } from '../../components/ui/Badge';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { trpc } from '../../lib/trpc';
import { Section } from './Section';
import * as sectionStyles from './Section.css';
import * as styles from './AdvertisingSection.css';

const ICONS: Record<string, LucideIcon> = { Mail, FileText, Calendar, Users };

/** The service's icon; anything unknown falls back to Mail (docs/specification.md §3, entities). */
export function serviceIcon(name: string): LucideIcon {
  return ICONS[name] ?? Mail;
}

function ServiceCard({ service }: { service: AdvertisingService }) {
  const Icon = serviceIcon(service.icon);
  return (
    <Card highlighted={service.isPopular} data-testid="advertising-service">
      {service.isPopular ? <Badge className={styles.badge}>Popular</Badge> : null}
      <span className={styles.iconWrap}>
        <Icon aria-hidden="true" data-icon={service.icon} />
      </span>
      <h3 className={styles.title}>{service.title}</h3>
      <p className={styles.description}>{service.description}</p>
      <ul className={styles.features}>
        {service.features.map((feature) => (
          <li key={feature} className={styles.feature}>
            <CheckCircle2 size={18} aria-hidden="true" className={styles.tick} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <ButtonLink
        href={`#${HOME_SECTIONS.contact}`}
        variant={service.isPopular ? 'primary' : 'outline'}
        block
      >
        Get Started<span className="visually-hidden"> with {service.title}</span>
      </ButtonLink>
    </Card>
  );
}

function ServiceSkeleton() {
  return (
    <Card aria-hidden="true" data-testid="advertising-skeleton">
      <Skeleton width="3rem" height="3rem" />
      <Skeleton width="70%" height="1.5rem" />
      <Skeleton height="3.5rem" />
      <Skeleton height="5rem" />
      <Skeleton height="2.75rem" />
    </Card>
  );
}

export function AdvertisingSection() {
  const services = trpc.content.advertisingServices.useQuery();
  return (
    <Section
      id={HOME_SECTIONS.advertising}
      eyebrow="Advertising"
      title="Advertising that reaches your neighbours"
      lead="Newsletters, editorials, events and campaigns, planned with a local team that knows Hertfordshire."
      alt
    >
      <div className={sectionStyles.grid} aria-busy={services.isPending}>
        {services.isPending
          ? Array.from({ length: ADVERTISING_SKELETON_CARDS }, (_, i) => <ServiceSkeleton key={i} />)
          : // A failed load shows nothing (docs/specification.md §4, states and transitions).
            (services.data ?? []).map((service) => <ServiceCard key={service.id} service={service} />)}
      </div>
      <div className={sectionStyles.centre}>
        <ButtonLink href={`#${HOME_SECTIONS.contact}`} variant="secondary" size="lg">
          Contact Our Team
        </ButtonLink>
      </div>
    </Section>
  );
}
