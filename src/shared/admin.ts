// The admin's inbox, subscribers, academy customers and admin users: limits, labels and messages
// (no Zod here, so pages import them cheaply; the schemas are in admin.schema.ts).

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_SEARCH_MAX = 200;

export const ENQUIRY_STATUSES = ['new', 'replied', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  replied: 'Replied',
  archived: 'Archived',
};

export const SUBSCRIBER_STATUSES = ['confirmed', 'pending'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const ADMIN_MESSAGES = {
  enquiryNotFound: 'Enquiry not found',
  subscriberNotFound: 'Subscriber not found',
  subscriberRemoved: 'The subscriber and their address have been deleted.',
  userNotFound: 'Admin not found',
  userRemoved: 'The admin has been removed and signed out everywhere.',
  lastAdmin: 'The last admin cannot be removed: add another admin first.',
  removeSelf: "You can't remove your own account while signed in with it. Ask another admin to remove it.",
} as const;

export const ENQUIRY_PREVIEW_LENGTH = 140;
