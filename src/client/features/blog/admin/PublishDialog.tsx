import { Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ukDateLabel, ukDateTime, ukWallClock } from '../../../../shared/uk-time';
import { adminStyles } from '../../../components/admin';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import * as styles from './Editor.css';

// One flow from a finished draft to its readers, as Ghost has it: publish, publish and e-mail, or
// e-mail only; now or at a UK date and time; then a summary that says what happens and to how many
// subscribers, before anything is done.

/** The newsletter's part, handed in by the admin shell (the blog knows no newsletter code). */
export interface PostEmailer {
  /** Confirmed subscribers a send now would reach; null until known (asked for with countRecipients). */
  recipients: number | null;
  /** Asks for `recipients`: the publish dialog does when it opens, so the editor alone asks nothing. */
  countRecipients: () => void;
  email: (
    postId: number,
    when: { emailOnly: boolean; at: { date: string; time: string } | null },
  ) => Promise<{ issueId: number }>;
  /** Opens the issue's page (its send's progress). */
  open: (issueId: number) => void;
}

export type PublishWhat = 'publish' | 'publishAndEmail' | 'emailOnly';

export interface PublishChoice {
  what: PublishWhat;
  /** null: now; else the UK wall-clock date and time. */
  at: { date: string; time: string } | null;
}

const WHAT: Array<{ value: PublishWhat; label: string; hint: string; email: boolean }> = [
  { value: 'publish', label: 'Publish', hint: 'On the blog; no e-mail.', email: false },
  {
    value: 'publishAndEmail',
    label: 'Publish and e-mail',
    hint: 'On the blog, and e-mailed to the newsletter’s subscribers.',
    email: true,
  },
  {
    value: 'emailOnly',
    label: 'E-mail only',
    hint: 'E-mailed to the subscribers; the post stays a draft, off the blog.',
    email: true,
  },
];

const people = (n: number | null) =>
  n === null
    ? 'every confirmed subscriber'
    : `${n.toLocaleString('en-GB')} ${n === 1 ? 'subscriber' : 'subscribers'}`;

/** What the summary says will happen, in one sentence. */
export function publishSummary(title: string, choice: PublishChoice, recipients: number | null): string {
  const at = choice.at ? ukDateTime(choice.at.date, choice.at.time) : null;
  const when = at ? `on ${ukDateLabel(at)} at ${choice.at!.time} (UK time)` : 'now';
  const named = `“${title.trim()}”`;
  switch (choice.what) {
    case 'publish':
      return `${named} goes on the blog ${when}. No e-mail is sent.`;
    case 'publishAndEmail':
      return at
        ? `${named} goes on the blog ${when}, and is e-mailed then to the confirmed subscribers (${people(recipients)} today).`
        : `${named} goes on the blog now, and is e-mailed to ${people(recipients)}.`;
    case 'emailOnly':
      return at
        ? `${named} is e-mailed ${when} to the confirmed subscribers (${people(recipients)} today). It stays a draft, off the blog.`
        : `${named} is e-mailed now to ${people(recipients)}. It stays a draft, off the blog.`;
  }
}

function confirmLabel({ what, at }: PublishChoice): string {
  if (what === 'publish') return at ? 'Schedule' : 'Publish now';
  if (what === 'publishAndEmail') return at ? 'Schedule post and e-mail' : 'Publish and e-mail now';
  return at ? 'Schedule e-mail' : 'E-mail now';
}

/** What the toast says once the choice is done (its e-mail included, when one was asked for). */
export function publishedTitle({ what, at }: PublishChoice): string {
  if (what === 'publish') return at ? 'Post scheduled' : 'Published';
  if (what === 'publishAndEmail')
    return at ? 'Post and e-mail scheduled' : 'Published, and the e-mail is on its way';
  return at ? 'E-mail scheduled' : 'E-mail on its way';
}

/** Tomorrow at 09:00 in the UK: where a 'later' starts when the post has no time of its own. */
function tomorrowMorning(): { date: string; time: string } {
  return { date: ukWallClock(new Date(Date.now() + 24 * 3600_000)).date, time: '09:00' };
}

/**
 * The publish flow's dialog: the choice, then the summary. `onConfirm` does it (saves the post,
 * then e-mails it) and answers a problem to show, or null when done (the dialog then closes).
 */
export function PublishDialog({
  open,
  onOpenChange,
  title,
  initialAt,
  emailer,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The post's own schedule, when it has one. */
  initialAt: { date: string; time: string } | null;
  emailer: Pick<PostEmailer, 'recipients' | 'countRecipients'> | null;
  onConfirm: (choice: PublishChoice) => Promise<string | null>;
}) {
  const id = useId();
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [what, setWhat] = useState<PublishWhat>('publish');
  const [later, setLater] = useState(false);
  const [at, setAt] = useState(initialAt ?? tomorrowMorning());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts from the choice, with the post's own schedule when it has one.
  useEffect(() => {
    if (!open) return;
    setStep('choose');
    setLater(initialAt !== null);
    setAt(initialAt ?? tomorrowMorning());
    setProblem(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // How many it would reach, asked for once the dialog is open.
  const countRecipients = emailer?.countRecipients;
  useEffect(() => {
    if (open) countRecipients?.();
  }, [open, countRecipients]);

  const recipients = emailer?.recipients ?? null;
  const noOne = recipients === 0;
  const choices = WHAT.filter((c) => !c.email || emailer !== null);
  const choice: PublishChoice = { what, at: later ? at : null };

  const timeProblem = (): string | null => {
    if (!later) return null;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(at.date) || !/^\d{2}:\d{2}$/.test(at.time))
      return 'Choose the date and the time (UK).';
    const moment = ukDateTime(at.date, at.time);
    if (Number.isNaN(moment.getTime())) return 'Choose a real date.';
    if (moment.getTime() <= Date.now()) return 'The date and time must be in the future.';
    return null;
  };

  const next = () => {
    const found = timeProblem();
    setProblem(found);
    if (!found) setStep('confirm');
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const found = await onConfirm(choice);
      if (found) {
        setProblem(found);
        setStep('choose');
      } else onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title={step === 'choose' ? 'Publish this post' : 'Ready to go?'}
      size="md"
      closeButton
    >
      {step === 'choose' ? (
        <form
          className={fieldStyles.stack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>What</legend>
            <div className={fieldStyles.stack} role="radiogroup" aria-label="What">
              {choices.map((c) => (
                <label key={c.value} className={adminStyles.checkRow}>
                  <input
                    type="radio"
                    name={`${id}-what`}
                    value={c.value}
                    className={adminStyles.checkbox}
                    checked={what === c.value}
                    disabled={c.email && noOne}
                    onChange={() => setWhat(c.value)}
                  />
                  <span>
                    <strong>{c.label}</strong>
                    <span className={styles.choiceHint}>
                      {c.email && noOne ? 'No confirmed subscribers yet.' : c.hint}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>When</legend>
            <div className={styles.choices} role="radiogroup" aria-label="When">
              <label className={adminStyles.checkRow}>
                <input
                  type="radio"
                  name={`${id}-when`}
                  className={adminStyles.checkbox}
                  checked={!later}
                  onChange={() => setLater(false)}
                />
                Now
              </label>
              <label className={adminStyles.checkRow}>
                <input
                  type="radio"
                  name={`${id}-when`}
                  className={adminStyles.checkbox}
                  checked={later}
                  onChange={() => setLater(true)}
                />
                At a date and time
              </label>
            </div>
            {later ? (
              <div className={styles.dateTime}>
                <TextField
                  id={`${id}-date`}
                  label="Date"
                  type="date"
                  value={at.date}
                  onChange={(e) => setAt({ ...at, date: e.target.value })}
                  required
                />
                <TextField
                  id={`${id}-time`}
                  label="Time (UK)"
                  type="time"
                  value={at.time}
                  onChange={(e) => setAt({ ...at, time: e.target.value })}
                  required
                />
              </div>
            ) : null}
          </fieldset>
          {problem ? (
            <p className={fieldStyles.error} role="alert">
              {problem}
            </p>
          ) : null}
          <DialogActions>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </DialogActions>
        </form>
      ) : (
        <div className={fieldStyles.stack}>
          <p data-testid="publish-summary">{publishSummary(title, choice, recipients)}</p>
          {what !== 'publish' ? (
            <p className={styles.choiceHint}>An e-mail that has gone cannot be called back.</p>
          ) : null}
          <DialogActions>
            <Button type="button" variant="outline" onClick={() => setStep('choose')} disabled={busy}>
              Back
            </Button>
            <Button type="button" onClick={() => void confirm()} disabled={busy} autoFocus>
              <Send size={16} aria-hidden="true" /> {busy ? 'Working...' : confirmLabel(choice)}
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
