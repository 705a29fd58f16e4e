import type { Database } from '../../platform/db/client';
import { BUSINESS_DETAILS_SEED, type BusinessDetails } from '../../../shared/business';
import { businessDetailsSchema } from '../../../shared/business.schema';
import { changesBetween, type ActivityNote } from '../activity';
import { readSetting, SETTING_KEYS, writeSetting } from './settings';

// The business's contact details: one place that the contact section, the footer,
// the structured data, the legal pages and the e-mails all read. Until the owner saves them (or on
// an install that was never seeded) they are the starting values of src/shared/business.ts.

export async function getBusinessDetails(db: Pick<Database, 'select'>): Promise<BusinessDetails> {
  return (await readSetting(db, SETTING_KEYS.business, businessDetailsSchema)) ?? BUSINESS_DETAILS_SEED;
}

export async function updateBusinessDetails(
  db: Database,
  details: BusinessDetails,
  now: Date,
  note?: ActivityNote,
): Promise<BusinessDetails> {
  const before = await getBusinessDetails(db);
  await writeSetting(db, SETTING_KEYS.business, { ...details }, now);
  if (note) {
    note.target = 'business details';
    note.changes = changesBetween(before, details);
  }
  return details;
}
