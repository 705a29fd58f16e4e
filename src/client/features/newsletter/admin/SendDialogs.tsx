import { CalendarPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogClose } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';
import * as styles from './Issues.css';

// Sending an issue, now or at a UK date and time: each asks first, naming how many subscribers it
// goes to, since a send cannot be taken back.

const subscribers = (n: number | undefined) =>
  n === undefined
    ? 'every confirmed subscriber'
    : `${n.toLocaleString('en-GB')} ${n === 1 ? 'subscriber' : 'subscribers'}`;

export function SendNowDialog({
  open,
  onOpenChange,
  issueId,
  recipients,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  issueId: number;
  recipients: number | undefined;
  onSent: () => Promise<unknown>;
}) {
  const send = trpc.newsletter.issueSend.useMutation();
  const confirm = async () => {
    try {
      await send.mutateAsync({ id: issueId });
      toast({
        title: 'Sending started',
        description: `The issue is on its way to ${subscribers(recipients)}.`,
      });
      onOpenChange(false);
      await onSent();
    } catch (error) {
      toast({
        title: 'Could not send the issue',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send this issue now?"
      description={`It goes to ${subscribers(recipients)} straight away. You can pause the send while it runs, but an e-mail that has gone cannot be called back.`}
      size="md"
      alert
    >
      <DialogActions>
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button onClick={() => void confirm()} disabled={send.isPending} data-testid="confirm-send">
          {send.isPending ? 'Starting...' : `Send to ${subscribers(recipients)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const ukDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the UK as a date field takes it (2026-11-27), and a day later. */
function ukDays(): { today: string; tomorrow: string } {
  const now = Date.now();
  return { today: ukDate.format(now), tomorrow: ukDate.format(now + 24 * 60 * 60 * 1000) };
}

export function ScheduleDialog({
  open,
  onOpenChange,
  issueId,
  recipients,
  onScheduled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  issueId: number;
  recipients: number | undefined;
  onScheduled: () => Promise<unknown>;
}) {
  const ids = useId();
  const schedule = trpc.newsletter.issueSchedule.useMutation();
  const [date, setDate] = useState(() => ukDays().tomorrow);
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) {
      setError('Please choose a date and a time.');
      return;
    }
    try {
      const saved = await schedule.mutateAsync({ id: issueId, date, time });
      toast({
        title: 'Issue scheduled',
        description: `It will go to ${subscribers(recipients)} on ${formatDateTime(saved.scheduledAt ?? `${date}T${time}`)} (UK time).`,
      });
      onOpenChange(false);
      await onScheduled();
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The issue could not be scheduled. Please try again.');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(undefined);
        onOpenChange(next);
      }}
      title="Schedule this issue"
      description={`Choose when it goes to ${subscribers(recipients)}. Times are UK time (London).`}
      size="md"
    >
      <form className={fieldStyles.stack} onSubmit={(e) => void submit(e)} noValidate aria-label="Schedule">
        <TextField
          id={`${ids}-date`}
          label="Date"
          type="date"
          min={ukDays().today}
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            setError(undefined);
          }}
          required
        />
        <TextField
          id={`${ids}-time`}
          label="Time (UK)"
          type="time"
          value={time}
          onChange={(e) => {
            setTime(e.target.value);
            setError(undefined);
          }}
          error={error}
          required
        />
        <DialogActions>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={schedule.isPending}>
            <CalendarPlus size={16} aria-hidden="true" />
            {schedule.isPending ? 'Scheduling...' : `Schedule for ${subscribers(recipients)}`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 'Scheduled for 27 Nov 2026, 09:00 (UK time).' */
export function ScheduledNote({ at }: { at: string }) {
  return (
    <p className={styles.note} data-testid="scheduled-for">
      Scheduled for{' '}
      <time dateTime={at} data-volatile="datetime">
        {formatDateTime(at)}
      </time>{' '}
      (UK time). Cancel the schedule to change the issue.
    </p>
  );
}
