import { TextField } from '../../../components/ui/form/TextField';
import { adminStyles } from '../../../components/admin';
import * as styles from './Editor.css';

export type PostStatus = 'draft' | 'scheduled' | 'published';

const CHOICES: Array<{ value: PostStatus; label: string; hint: string }> = [
  { value: 'draft', label: 'Draft', hint: 'Only admins see it.' },
  { value: 'scheduled', label: 'Scheduled', hint: 'Goes out by itself at the date and time below.' },
  { value: 'published', label: 'Published', hint: 'On the blog now.' },
];

/** Draft, scheduled (with a date and time, UK time) or published. */
export function PublishingFields({
  id,
  status,
  date,
  time,
  onStatus,
  onDate,
  onTime,
  errors,
  goesOut,
}: {
  id: string;
  status: PostStatus;
  date: string;
  time: string;
  onStatus: (status: PostStatus) => void;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  errors: { date?: string; time?: string };
  /** 'Friday 27 November 2026 at 09:00', when the date and time make a moment. */
  goesOut: string | null;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Publishing</legend>
      <div className={styles.choices} role="radiogroup" aria-label="Status">
        {CHOICES.map((choice) => (
          <label key={choice.value} className={adminStyles.checkRow} title={choice.hint}>
            <input
              type="radio"
              name={`${id}-status`}
              value={choice.value}
              className={adminStyles.checkbox}
              checked={status === choice.value}
              onChange={() => onStatus(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {status === 'scheduled' ? (
        <>
          <div className={styles.dateTime}>
            <TextField
              id={`${id}-date`}
              label="Date"
              type="date"
              value={date}
              onChange={(e) => onDate(e.target.value)}
              error={errors.date}
              required
            />
            <TextField
              id={`${id}-time`}
              label="Time (UK)"
              type="time"
              value={time}
              onChange={(e) => onTime(e.target.value)}
              error={errors.time}
              required
            />
          </div>
          <p className={styles.statusTone.neutral} aria-live="polite" data-testid="goes-out">
            {goesOut
              ? `Goes out on ${goesOut} (UK time).`
              : 'Choose the date and time it goes out, in UK time (Europe/London).'}
          </p>
        </>
      ) : (
        <p className={styles.statusTone.neutral}>{CHOICES.find((c) => c.value === status)!.hint}</p>
      )}
    </fieldset>
  );
}
