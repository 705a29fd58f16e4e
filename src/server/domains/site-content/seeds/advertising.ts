import type { advertisingServices } from '../tables';

type NewService = typeof advertisingServices.$inferInsert;

export const advertisingServicesSeed: NewService[] = [
  {
    title: 'Newsletter Advertising',
    description:
      'Put your business in front of Hertfordshire households in the community newsletters they open every month, next to the local news they actually read.',
    features: [
      'Quarter, half and full-page placements',
      'Delivered to over 10,000 local inboxes',
      'Free design help for your advert',
      'Monthly open and click report',
    ],
    icon: 'Mail',
    isPopular: false,
    sortOrder: 1,
  },
  {
    title: 'Sponsored Editorials',
    description:
      'A feature written by our editorial team that tells the story behind your business: who you are, what you do and why your neighbours should know about you.',
    features: [
      'Interview with one of our local writers',
      'Professional photography on request',
      'Published in print-ready and online formats',
      'Shared across our social channels',
    ],
    icon: 'FileText',
    isPopular: true,
    sortOrder: 2,
  },
  {
    title: 'Event Promotion',
    description:
      'Fill the room for your open day, fête, launch or class. We list and promote events across the county in the weeks that count.',
    features: [
      'What’s On listing in every relevant edition',
      'Countdown reminders to subscribers',
      'Podcast shout-out on Hertfordshire Voices',
      'Post-event write-up with photos',
    ],
    icon: 'Calendar',
    isPopular: false,
    sortOrder: 3,
  },
  {
    title: 'Community Campaigns',
    description:
      'Longer campaigns for councils, charities and businesses that want to reach a whole town: recruitment drives, consultations, fundraisers and seasonal pushes.',
    features: [
      'Campaign plan agreed with you up front',
      'Newsletter, podcast and social placements together',
      'Targeted by town across all ten districts',
      'Results summary at the end of the campaign',
    ],
    icon: 'Users',
    isPopular: false,
    sortOrder: 4,
  },
];
