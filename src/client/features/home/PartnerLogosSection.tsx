import type { Partner } from '../../../shared/content';
import { trpc } from '../../lib/trpc';
import { Section } from './Section';
import * as styles from './PartnerLogosSection.css';

function PartnerLogo({ partner }: { partner: Partner }) {
  const logo = (
    <img
      src={partner.logoUrl}
      alt={partner.name}
      width={240}
      height={64}
      loading="lazy"
      className={styles.image}
      data-testid="partner-logo"
    />
  );
  if (!partner.linkUrl) return logo;
  return (
    <a href={partner.linkUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {logo}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The partner organisations (GET /api/partners: the first eight the owner shows). */
export function PartnerLogosSection() {
  const partners = trpc.content.partners.useQuery().data ?? [];
  if (partners.length === 0) return null;
  return (
    <Section
      id="partners"
      eyebrow="Our partners"
      title="Proud to work with"
      lead="Organisations across Hertfordshire that we work alongside."
    >
      <ul className={styles.logos}>
        {partners.map((partner) => (
          <li key={partner.id} className={styles.logo}>
            <PartnerLogo partner={partner} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
