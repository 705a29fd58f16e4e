import { CheckCircle2 } from 'lucide-react';
import { HOME_SECTIONS } from '../../../shared/routes';
import { ButtonLink } from '../../components/ui/Button';
import { Section } from './Section';
import * as split from './SplitSection.css';
import { phoneAction } from './PhoneAction.css';

const INCLUDED = [
  {
    title: 'An interview, not a form',
    text: 'One of our local writers meets you, hears your story and writes it up in our own voice.',
  },
  {
    title: 'You approve every word',
    text: 'Nothing is published until you are happy with the copy and the photographs.',
  },
  {
    title: 'Clearly labelled',
    text: 'Every feature is marked as sponsored, as the advertising rules require, so readers trust it.',
  },
  {
    title: 'Seen everywhere we are',
    text: 'Published in the newsletter for your area, on our website and across our social channels.',
  },
];

export function SponsoredEditorialsSection() {
  return (
    <Section id={HOME_SECTIONS.sponsoredEditorials}>
      <div className={split.split}>
        <img
          src="/images/editorial.svg"
          alt="A printed feature article about a local business"
          width={520}
          height={380}
          loading="lazy"
          className={split.media}
        />
        <div className={split.body}>
          <p className={split.eyebrow}>Sponsored editorials</p>
          <h2 id={`${HOME_SECTIONS.sponsoredEditorials}-heading`} className={split.title}>
            Tell the story behind your business
          </h2>
          <p className={split.text}>
            An advert says what you sell. A sponsored editorial says who you are: how you started, what you
            care about and why your neighbours should give you a try.
          </p>
          <ul className={split.list}>
            {INCLUDED.map((item) => (
              <li key={item.title} className={split.item}>
                <CheckCircle2 size={22} aria-hidden="true" className={split.itemIcon} />
                <span>
                  <span className={split.itemTitle}>{item.title}</span>
                  <span className={split.itemText}>{item.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className={split.actions}>
            <ButtonLink href={`#${HOME_SECTIONS.contact}`} size="lg" className={phoneAction}>
              Book an Editorial
            </ButtonLink>
          </div>
        </div>
      </div>
    </Section>
  );
}
