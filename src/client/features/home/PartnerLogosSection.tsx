import { Section } from './Section';
import { PARTNERS } from './partners';
import * as styles from './PartnerLogosSection.css';

export function PartnerLogosSection() {
  return (
    <Section
      id="partners"
      eyebrow="Our partners"
      title="Proud to work with"
      lead="Organisations across Hertfordshire that we work alongside."
    >
      <ul className={styles.logos}>
        {PARTNERS.map((partner) => (
          <li key={partner.name} className={styles.logo}>
            <img
              src={partner.logo}
              alt={partner.name}
              width={240}
              height={64}
              loading="lazy"
              className={styles.image}
              data-testid="partner-logo"
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}
