import { CalendarDays, ShieldCheck, Users } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ACADEMY_SECTIONS } from '../../../shared/academy';
import { scrollToSection } from '../../lib/scroll';
import { trpc } from '../../lib/trpc';
import { ButtonLink } from '../../components/ui/Button';
import { HeroImage } from '../../components/ui/HeroImage';
import * as styles from './AcademyHero.css';

/** In-page links scroll smoothly to their section (and still work as plain anchors without JavaScript). */
export function smoothScrollTo(section: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (scrollToSection(section)) event.preventDefault();
  };
}

export function AcademyHero() {
  // The same read as the workshop section's, server-rendered with the page.
  const session = trpc.workshops.next.useQuery().data?.session;
  return (
    <section
      id={ACADEMY_SECTIONS.hero}
      aria-labelledby="academy-heading"
      className={styles.hero}
      data-academy-section={ACADEMY_SECTIONS.hero}
    >
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            After-school and weekend AI club for ages <span className="nowrap">10-16</span>
          </p>
          <h1 id="academy-heading" className={styles.title}>
            Help your child build with AI, <span className={styles.highlight}>not just scroll past it.</span>
          </h1>
          <p className={styles.lead}>
            At SparkAI Academy, <span className="nowrap">10-16</span> year olds learn to use AI tools safely
            and thoughtfully, then turn their own ideas into real projects: a revision chatbot, a short
            animated story, a plan for a small business. Sessions are live, in small groups, led by
            DBS-checked tutors, online or in person across Hertfordshire.
          </p>
          <div className={styles.actions}>
            <ButtonLink
              href={`#${ACADEMY_SECTIONS.workshop}`}
              onClick={smoothScrollTo(ACADEMY_SECTIONS.workshop)}
              variant="academy"
              size="lg"
              className={styles.action}
            >
              Reserve Your Free Workshop
            </ButtonLink>
            <ButtonLink
              href={`#${ACADEMY_SECTIONS.modules}`}
              onClick={smoothScrollTo(ACADEMY_SECTIONS.modules)}
              variant="ghost"
              size="lg"
              className={`${styles.action} ${styles.secondary}`}
            >
              Learn More
            </ButtonLink>
          </div>
          <ul className={styles.facts} aria-label="At a glance">
            <li className={styles.fact}>
              <ShieldCheck size={20} aria-hidden="true" className={styles.factIcon} />
              DBS-checked tutors, supervised sessions
            </li>
            <li className={styles.fact}>
              <Users size={20} aria-hidden="true" className={styles.factIcon} />
              Small live groups, online or in person
            </li>
            <li className={styles.fact}>
              <CalendarDays size={20} aria-hidden="true" className={styles.factIcon} />
              {session
                ? `Free taster: ${session.dateLabel}, ${session.timeLabel}`
                : 'Free taster: next date coming soon'}
            </li>
          </ul>
        </div>
        <HeroImage
          src="/images/academy/hero.svg"
          alt="Illustration: a laptop showing a friendly chatbot a child has built, surrounded by sketches of ideas"
          className={styles.image}
        />
      </div>
    </section>
  );
}
