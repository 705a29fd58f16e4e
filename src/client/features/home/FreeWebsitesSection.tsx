import { CheckCircle2 } from 'lucide-react';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Badge } from '../../components/ui/Badge';
import { ButtonLink } from '../../components/ui/Button';
import { Section } from './Section';
import * as sectionStyles from './Section.css';
import * as split from './SplitSection.css';
import * as styles from './FreeWebsitesSection.css';
import { phoneAction } from './PhoneAction.css';

const INCLUDED = [
  'No setup fees and no monthly costs',
  'A modern design that works on phones, tablets and computers',
  'Hosting and a secure (https) address included',
  'Your opening hours, services, photos and a contact form',
  'A mention in the newsletter for your area when you launch',
];

const STEPS = [
  {
    title: 'Tell us about you',
    text: 'Send us a message with a few lines about your business, club or project.',
  },
  {
    title: 'We design it',
    text: 'We build your site and go through it with you until you are happy with every page.',
  },
  { title: 'You go live', text: 'Your website goes online, and we keep it running. You never pay a penny.' },
];

export function FreeWebsitesSection() {
  return (
    <Section id={HOME_SECTIONS.freeWebsites} alt>
      <div className={split.split}>
        <img
          src="/images/free-website.svg"
          alt="A small business website in a browser window, marked £0"
          width={520}
          height={380}
          loading="lazy"
          className={`${split.media} ${split.mediaEnd}`}
        />
        <div className={split.body}>
          <Badge className={styles.badge}>100% Free</Badge>
          <h2 id={`${HOME_SECTIONS.freeWebsites}-heading`} className={split.title}>
            A free website for your Hertfordshire business
          </h2>
          <p className={split.text}>
            Every local business deserves to be found online. We design, build and host a professional website
            for you, completely free, because a stronger high street is good for everyone who lives here.
          </p>
          <ul className={split.list}>
            {INCLUDED.map((item) => (
              <li key={item} className={split.item}>
                <CheckCircle2 size={22} aria-hidden="true" className={split.itemIcon} />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <p className={split.note}>
            Free websites are available to Hertfordshire residents and businesses only.
          </p>
          <div className={split.actions}>
            <ButtonLink href={`#${HOME_SECTIONS.contact}`} size="lg" className={phoneAction}>
              Get Your Free Website
            </ButtonLink>
          </div>
        </div>
      </div>
      <ol className={styles.steps} aria-label="How it works">
        {STEPS.map((s, i) => (
          <li key={s.title} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {i + 1}
            </span>
            <h3 className={styles.stepTitle}>{s.title}</h3>
            <p className={styles.stepText}>{s.text}</p>
          </li>
        ))}
      </ol>
      <div className={sectionStyles.centre}>
        <ButtonLink href={`#${HOME_SECTIONS.contact}`} variant="secondary" size="lg" className={phoneAction}>
          Start Your Free Website Today
        </ButtonLink>
      </div>
    </Section>
  );
}
