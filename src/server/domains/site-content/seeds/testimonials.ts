import type { testimonials } from '../tables';

type NewTestimonial = typeof testimonials.$inferInsert;

export const testimonialsSeed: NewTestimonial[] = [
  {
    name: 'Sarah Mitchell',
    location: 'Owner, The Corner Bakehouse, Broxtown',
    content:
      'Our half-page advert in the Broxtown newsletter brought in more new faces in a month than a year of leaflets. The team even helped us rewrite the copy so it sounded like us.',
    imageUrl: '/images/testimonials/sarah-mitchell.svg',
    sortOrder: 1,
  },
  {
    name: 'James Okafor',
    location: 'Director, Okafor Plumbing & Heating, Hertstown',
    content:
      'The sponsored editorial told our story properly: twenty years of fixing boilers in the same streets. Customers still mention it when they ring. Worth every penny.',
    imageUrl: '/images/testimonials/james-okafor.svg',
    sortOrder: 2,
  },
  {
    name: 'Priya Shah',
    location: 'Chair, Fieldtown Community Garden',
    content:
      'They built our website for free and promoted our open day in the newsletter and on the podcast. We had over two hundred visitors, our best turnout yet.',
    imageUrl: '/images/testimonials/priya-shah.svg',
    sortOrder: 3,
  },
];
