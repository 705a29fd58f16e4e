import { useEffect, useId } from 'react';
import {
  WORKSHOP_CAPACITY_MAX,
  WORKSHOP_DEFAULTS,
  WORKSHOP_DELIVERIES,
  WORKSHOP_DELIVERY_LABELS,
  WORKSHOP_VENUE_MAX,
} from '../../../../shared/workshop';
import { workshopSessionInputSchema, type WorkshopSession } from '../../../../shared/workshop.schema';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogClose } from '../../../components/ui/Dialog';
import { Field, TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { tableStyles as styles } from '../../../components/admin';

const EMPTY: Record<
  'date' | 'startTime' | 'endTime' | 'delivery' | 'venue' | 'joinLink' | 'capacity',
  string
> = {
  date: '',
  startTime: WORKSHOP_DEFAULTS.startTime,
  endTime: WORKSHOP_DEFAULTS.endTime,
  delivery: WORKSHOP_DEFAULTS.delivery,
  venue: '',
  joinLink: '',
  capacity: String(WORKSHOP_DEFAULTS.capacity),
};

function valuesOf(session: WorkshopSession): typeof EMPTY {
  return {
    date: session.date,
    startTime: session.startTime,
    endTime: session.endTime,
    delivery: session.delivery,
    venue: session.venue ?? '',
    joinLink: session.joinLink ?? '',
    capacity: String(session.capacity),
  };
}

/**
 * A session's date, times (UK time), delivery and places, checked with the server's schema: a new
 * one (`editing` null) or a change to one.
 */
export function WorkshopSessionForm({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: WorkshopSession | null;
  onClose: () => void;
}) {
  const ids = useId();
  const utils = trpc.useUtils();
  const form = useSchemaForm({ initial: EMPTY, schema: workshopSessionInputSchema });
  const create = trpc.workshops.createSession.useMutation();
  const update = trpc.workshops.updateSession.useMutation();
  const { reset } = form;

  useEffect(() => {
    if (open) reset(editing ? valuesOf(editing) : EMPTY);
  }, [open, editing, reset]);

  const save = form.submit({
    onValid: async (session) => {
      try {
        const saved = editing
          ? await update.mutateAsync({ ...session, id: editing.id })
          : await create.mutateAsync(session);
        toast({
          title: editing ? 'Session updated' : 'Session created',
          description: `${saved.dateLabel}, ${saved.timeLabel}: ${saved.placesLeft} places left.`,
        });
        onClose();
      } catch (error) {
        toast({
          title: editing ? 'Could not update the session' : 'Could not create the session',
          description: serverMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
      } finally {
        await Promise.all([utils.workshops.sessions.invalidate(), utils.workshops.reservations.invalidate()]);
      }
    },
  });
  const inPerson = form.values.delivery === 'in_person';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={editing ? 'Change the session' : 'New workshop session'}
      description="Date and times are UK time. The academy page offers the next session that has not started."
      closeButton
    >
      <form className={fieldStyles.stack} onSubmit={save} noValidate aria-label="Workshop session">
        <TextField
          id={`${ids}-date`}
          label="Date"
          type="date"
          required
          {...form.field('date')}
          error={form.errors.date}
        />
        <div className={styles.formGrid}>
          <TextField
            id={`${ids}-start`}
            label="Starts"
            type="time"
            required
            {...form.field('startTime')}
            error={form.errors.startTime}
          />
          <TextField
            id={`${ids}-end`}
            label="Ends"
            type="time"
            required
            {...form.field('endTime')}
            error={form.errors.endTime}
          />
          <TextField
            id={`${ids}-capacity`}
            label="Places"
            type="number"
            inputMode="numeric"
            min={1}
            max={WORKSHOP_CAPACITY_MAX}
            required
            {...form.field('capacity')}
            error={form.errors.capacity}
          />
        </div>
        <Field id={`${ids}-delivery`} label="Delivery" error={form.errors.delivery}>
          {(describedBy) => (
            <select
              id={`${ids}-delivery`}
              className={fieldStyles.control.panel}
              aria-describedby={describedBy}
              {...form.field('delivery')}
            >
              {WORKSHOP_DELIVERIES.map((d) => (
                <option key={d} value={d}>
                  {WORKSHOP_DELIVERY_LABELS[d]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {inPerson ? (
          <TextField
            id={`${ids}-venue`}
            label="Venue"
            placeholder="e.g. Ware Library, 87 High Street, Ware SG12 9AD"
            required
            maxLength={WORKSHOP_VENUE_MAX}
            {...form.field('venue')}
            error={form.errors.venue}
          />
        ) : (
          <TextField
            id={`${ids}-link`}
            label="Video call link (optional)"
            type="url"
            placeholder="https://..."
            hint="Sent only to booked families, in their confirmation and reminder."
            {...form.field('joinLink')}
            error={form.errors.joinLink}
          />
        )}
        <DialogActions>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? 'Saving...' : editing ? 'Save changes' : 'Create session'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
