import { Quote } from 'lucide-react';
import type { Testimonial } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';
import { trpc } from '../../lib/trpc';
import { Section } from './Section';
import * as styles from './TestimonialsSection.css';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li>
      <figure className={styles.card} data-testid="testimonial">
        <Quote size={28} aria-hidden="true" className={styles.quoteIcon} />
        <blockquote className={styles.quote}>
          <p>{testimonial.content}</p>
        </blockquote>
        <figcaption className={styles.person}>
          {testimonial.imageUrl ? (
            <img
              src={testimonial.imageUrl}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className={styles.avatar}
            />
          ) : (
            <span className={styles.initials} aria-hidden="true">
              {initialsOf(testimonial.name)}
            </span>
          )}
          <span>
            <cite className={styles.name}>{testimonial.name}</cite>
            <span className={styles.location}>{testimonial.location}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

export function TestimonialsSection() {
  const testimonials = trpc.content.testimonials.useQuery();
  return (
    <Section
      id={HOME_SECTIONS.testimonials}
      eyebrow="Testimonials"
      title="What local businesses say"
      lead="Shops, trades and community groups across Hertfordshire, in their own words."
      alt
    >
      <ul className={styles.grid} aria-busy={testimonials.isPending}>
        {(testimonials.data ?? []).map((t) => (
          <TestimonialCard key={t.id} testimonial={t} />
        ))}
      </ul>
    </Section>
  );
}
