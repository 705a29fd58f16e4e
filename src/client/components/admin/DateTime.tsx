import { formatDateTime } from '../../lib/dates';

/** A date and time from the server, as a <time> element (data-volatile: screenshot tests pin its text). */
export function DateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} data-volatile="datetime">
      {formatDateTime(iso)}
    </time>
  );
}
