import {
  BarChart3,
  Handshake,
  HeartHandshake,
  MapPinned,
  PiggyBank,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Section } from './Section';
import * as sectionStyles from './Section.css';
import * as styles from './WhyAdvertiseSection.css';

const REASONS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: MapPinned,
    title: 'Truly local reach',
    text: 'Your advert goes to households in the towns you serve, not to people a hundred miles away.',
  },
  {
    icon: HeartHandshake,
    title: 'A trusted voice',
    text: 'Readers trust the newsletter that tells them about road closures and school fêtes, and that trust rubs off.',
  },
  {
    icon: Users,
    title: 'Engaged readers',
    text: 'Our subscribers chose to hear from us, so they open, read and act on what they find.',
  },
  {
    icon: PiggyBank,
    title: 'Budgets of every size',
    text: 'From a single listing to a county-wide campaign, with prices a small business can live with.',
  },
  {
    icon: BarChart3,
    title: 'Clear results',
    text: 'You get plain-English reports on opens, clicks and responses after every campaign.',
  },
  {
    icon: Handshake,
    title: 'People, not algorithms',
    text: 'A named person on our team plans your campaign with you and answers the phone when you call.',
  },
];

export function WhyAdvertiseSection() {
  return (
    <Section
      id={HOME_SECTIONS.whyAdvertise}
      eyebrow="Why advertise with us"
      title="Advertising that feels like part of the community"
      lead="People skip adverts that shout at them. They read the ones that come with the local news they care about."
    >
      <div className={sectionStyles.grid}>
        {REASONS.map(({ icon: Icon, title, text }) => (
          <div key={title} className={styles.reason}>
            <span className={styles.icon}>
              <Icon aria-hidden="true" />
            </span>
            <h3 className={styles.title}>{title}</h3>
            <p className={styles.text}>{text}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
