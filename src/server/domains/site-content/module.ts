import type { DomainModule } from '../../domain-module';
import { contentRouter, siteContentRouter } from './router';
import { siteContentSeeds } from './seed';

/** What the site-content domain registers: the public content and its editing, and the first content. */
export const siteContentModule = {
  namespaces: { content: contentRouter, siteContent: siteContentRouter },
  seeds: siteContentSeeds,
} satisfies DomainModule;
