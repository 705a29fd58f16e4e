// The static figures of the specification's entities (docs/specification.md §3).
export const STATISTICS = [
  { label: 'Satisfaction Rate', target: 100, suffix: '%' },
  { label: 'Businesses Served', target: 580, suffix: '+' },
  { label: 'Districts Covered', target: 10, suffix: '' },
  { label: 'Residents Reached', target: 1.2, suffix: 'M' },
] as const;

export const PROGRESS_BARS = [
  { label: 'Advertising Solutions', value: 90 },
  { label: 'Sponsored Content', value: 70 },
  { label: 'Event Promotions', value: 80 },
  { label: 'Community Campaigns', value: 60 },
] as const;
