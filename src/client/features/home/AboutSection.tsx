import { CheckCircle2 } from 'lucide-react';
import { BUSINESS } from '../../../shared/business';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Section } from './Section';
import * as styles from './SplitSection.css';

const POINTS = [
  {
    title: 'Written locally',
    text: 'Our writers and editors live in the towns they cover, so our news is the news your neighbours talk about.',
  },
  {
    title: 'Read, not binned',
    text: 'Residents sign up to our newsletters because they want them, so your message lands with people who are listening.',
  },
  {
    title: 'One friendly team',
    text: 'Newsletters, podcasts, editorials and websites, all from one local team who will pick up the phone.',
  },
];

export function AboutSection() {
  return (
    <Section id={HOME_SECTIONS.about}>
      <div className={styles.split}>
        <img
          src="/images/about.svg"
          alt="A map of the Hertfordshire towns our newsletters reach"
          width={520}
          height={400}
          loading="lazy"
          className={styles.media}
        />
        <div className={styles.body}>
          <p className={styles.eyebrow}>About us</p>
          <h2 id={`${HOME_SECTIONS.about}-heading`} className={styles.title}>
            Hertfordshire&apos;s community media team
          </h2>
          <p className={styles.text}>
            {BUSINESS.name} started with a single printed newsletter for one market town. Today we publish
            community newsletters and podcasts across the county, and we help independent shops, trades,
            charities and councils reach the people who live around them.
          </p>
          <ul className={styles.list}>
            {POINTS.map((point) => (
              <li key={point.title} className={styles.item}>
                <CheckCircle2 size={22} aria-hidden="true" className={styles.itemIcon} />
                <span>
                  <span className={styles.itemTitle}>{point.title}</span>
                  <span className={styles.itemText}>{point.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
