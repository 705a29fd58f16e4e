import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { advertisingServices, newsletters, testimonials } from '../db/schema';
import type { AdvertisingService, Newsletter, Testimonial } from '../../shared/content';

export async function listAdvertisingServices(db: Database): Promise<AdvertisingService[]> {
  const rows = await db
    .select({
      id: advertisingServices.id,
      title: advertisingServices.title,
      description: advertisingServices.description,
      features: advertisingServices.features,
      icon: advertisingServices.icon,
      isPopular: advertisingServices.isPopular,
    })
    .from(advertisingServices)
    .orderBy(asc(advertisingServices.sortOrder), asc(advertisingServices.id));
  return rows;
}

export async function listNewsletters(db: Database): Promise<Newsletter[]> {
  return db
    .select({
      id: newsletters.id,
      name: newsletters.name,
      description: newsletters.description,
      location: newsletters.location,
    })
    .from(newsletters)
    .orderBy(asc(newsletters.sortOrder), asc(newsletters.id));
}

export async function listTestimonials(db: Database): Promise<Testimonial[]> {
  return db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      location: testimonials.location,
      content: testimonials.content,
      imageUrl: testimonials.imageUrl,
    })
    .from(testimonials)
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
}
