import { CheckCircle2, MapPin } from 'lucide-react';
import { BUSINESSES_CLAIM, SATISFACTION_CLAIM, SUBSCRIBERS_CLAIM } from '../../../shared/constants';
import { HOME_SECTIONS } from '../../../shared/routes';
import { ButtonLink } from '../../components/ui/Button';
import { HeroImage } from '../../components/ui/HeroImage';
import * as styles from './HeroSection.css';

export function HeroSection() {
  return (
    <section id={HOME_SECTIONS.home} aria-labelledby="home-heading" className={styles.hero}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            <MapPin size={16} aria-hidden="true" /> Proudly local to Hertfordshire
          </p>
          <h1 id="home-heading" className={styles.title}>
            Local news people read. <span className={styles.highlight}>Local businesses they remember.</span>
          </h1>
          <p className={styles.lead}>
            We publish community newsletters and podcasts across Hertfordshire, and help local businesses
            reach the neighbours who read them, with advertising, sponsored features and free websites.
          </p>
          <div className={styles.actions}>
            <ButtonLink href={`#${HOME_SECTIONS.contact}`} size="lg" className={styles.action}>
              Get Started Today
            </ButtonLink>
            <ButtonLink
              href={`#${HOME_SECTIONS.freeWebsites}`}
              size="lg"
              variant="outline"
              className={styles.action}
            >
              Free Website - 100% Free
            </ButtonLink>
          </div>
          <ul className={styles.claims} aria-label="Why businesses choose us">
            <li className={styles.claim}>
              <CheckCircle2 size={18} aria-hidden="true" className={styles.claimIcon} />
              <span>
                <span className={styles.strong}>{BUSINESSES_CLAIM}</span> businesses trust us
              </span>
            </li>
            <li className={styles.claim}>
              <CheckCircle2 size={18} aria-hidden="true" className={styles.claimIcon} />
              <span>
                <span className={styles.strong}>{SATISFACTION_CLAIM}</span> satisfaction
              </span>
            </li>
            <li className={styles.claim}>
              <CheckCircle2 size={18} aria-hidden="true" className={styles.claimIcon} />
              <span>
                <span className={styles.strong}>{SUBSCRIBERS_CLAIM}</span> subscribers
              </span>
            </li>
          </ul>
        </div>
        <HeroImage
          src="/images/hero.svg"
          alt="One of our community newsletters on a laptop and a phone"
          className={styles.image}
        />
      </div>
    </section>
  );
}
