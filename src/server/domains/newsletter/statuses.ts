import { sql, type SQL } from 'drizzle-orm';
import type { IssueStatus, RecipientStatus } from '../../../shared/newsletter-issues';

// The status words of issues and of their copies (recipients), one typed set each, written once in
// src/shared/newsletter-issues.ts with what each means. Drizzle's queries take them through the
// typed columns (tables.ts); the raw statements of the send take them through statusSql.

/** One or more status words in a raw statement: `status = ${statusSql('sending')}`, `in (${statusSql('queued', 'sending')})`. */
export function statusSql(...words: Array<IssueStatus | RecipientStatus>): SQL {
  // Literals, not parameters: the planner sees the statements it always did, and the words are a
  // closed set of plain words (checked again here, as a literal is not escaped).
  if (words.length === 0 || words.some((word) => !/^[a-z]+$/.test(word)))
    throw new Error(`Not status words: ${words.join(', ')}`);
  return sql.raw(words.map((word) => `'${word}'`).join(', '));
}

/** An issue that has not started going out: it may still be edited, scheduled or sent now. */
export const UNSENT_ISSUE_STATUSES: readonly IssueStatus[] = ['draft', 'scheduled'];
/** An issue whose send has started: it has figures, failed copies to retry, an archive page. */
export const STARTED_ISSUE_STATUSES: readonly IssueStatus[] = ['sending', 'paused', 'sent'];
