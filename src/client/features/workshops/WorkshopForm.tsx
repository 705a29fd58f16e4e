import { useRef, type InputHTMLAttributes } from 'react';
import { workshopReservationMessage } from '../../../shared/academy';
import { CONTACT_LIMITS, DEVICE_TYPES, type WorkshopDetails } from '../../../shared/contact';
import { WORKSHOP_AGES, WORKSHOP_MESSAGES } from '../../../shared/workshop';
import type { PublicWorkshopSession } from '../../../shared/workshop.schema';
import { Button } from '../../components/ui/Button';
import { useSchemaForm, type FieldErrors } from '../../components/ui/form/useSchemaForm';
import * as controls from '../../components/ui/form/Field.css';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { useHydrated } from '../../lib/lazy-section';
import * as styles from './WorkshopForm.css';

// The specification's error catalogue (docs/specification.md §8): the workshop form's toasts. With a dated session a booked place says
// its date, and a full session's answers have toasts of their own.
export const WORKSHOP_TOASTS = {
  success: {
    title: 'Workshop Reserved!',
    description: "We'll be in touch soon to confirm your free workshop slot.",
  },
  failure: { title: 'Error', description: 'Something went wrong. Please try again.' },
  full: { title: 'This Session Is Full', description: WORKSHOP_MESSAGES.full },
  waiting: { title: 'Added to the Waiting List' },
} as const;

const EMPTY = {
  parentName: '',
  parentEmail: '',
  parentMobile: '',
  childName: '',
  childAge: '',
  deviceType: '',
};

// The server's schema of a reservation's details, loaded when the form is first used (Zod stays
// out of the academy page's first load).
const loadDetailsSchema = () => import('../../../shared/contact.schema').then((m) => m.workshopDetailsSchema);

/**
 * The specification's validation rules (docs/specification.md §5) leave the workshop form's checks to the browser, so what the schema finds beyond
 * them (a name of spaces, a mobile number's shape) is shown the same way: on the field, in the
 * browser's own bubble.
 */
function reportToBrowser(form: HTMLFormElement | null, errors: FieldErrors<typeof EMPTY>) {
  const wrong = Array.from(form?.elements ?? []).find(
    (el): el is HTMLInputElement =>
      el instanceof HTMLInputElement && errors[el.name as keyof typeof EMPTY] !== undefined,
  );
  wrong?.setCustomValidity(errors[wrong.name as keyof typeof EMPTY] ?? '');
  wrong?.reportValidity();
}

/**
 * The reservation form (the specification's screens and routes (docs/specification.md §2), validation rules and error catalogue). With no session set it sends
 * POST /api/contact, which records interest in the next date; with one, it reserves a place in it,
 * or, once the session is full, a place on its waiting list.
 */
export function WorkshopForm({ session }: { session: PublicWorkshopSession | null }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const utils = trpc.useUtils();
  const form = useSchemaForm({ initial: EMPTY, schema: loadDetailsSchema });
  const send = trpc.contact.send.useMutation();
  const reserve = trpc.workshops.reserve.useMutation();
  const submitting = form.submitting;
  const full = session !== null && session.placesLeft === 0;

  const book = async (details: WorkshopDetails) => {
    if (!session) {
      await send.mutateAsync(workshopReservationMessage(details));
      toast(WORKSHOP_TOASTS.success);
      return;
    }
    const booked = await reserve.mutateAsync({
      id: session.id,
      details,
      ifFull: full ? 'join_waiting_list' : 'refuse',
    });
    toast(
      booked.status === 'waiting'
        ? { ...WORKSHOP_TOASTS.waiting, description: booked.message }
        : { title: WORKSHOP_TOASTS.success.title, description: booked.message },
    );
  };

  // The browser has checked every field (required, e-mail, 10-16, a device); the schema checks
  // them as the server will, and the server checks again.
  const onSubmit = form.submit({
    onValid: async (details) => {
      try {
        await book(details);
        form.reset();
      } finally {
        // The places left changed, whatever the answer was.
        if (session) await utils.workshops.next.invalidate();
      }
    },
    onInvalid: (errors) => reportToBrowser(formRef.current, errors),
    // A refused or lost request, or the schema's code not loaded: the toast of docs/specification.md §8. The
    // server's own words when it refused the reservation (full, started, already booked), with
    // what was typed kept, so that joining the waiting list is one more press.
    onError: (error) => {
      const message = serverMessage(error);
      if (message === WORKSHOP_MESSAGES.full) return toast(WORKSHOP_TOASTS.full);
      if (message === WORKSHOP_MESSAGES.closed || message === WORKSHOP_MESSAGES.alreadyBooked)
        return toast({ title: WORKSHOP_TOASTS.failure.title, description: message, variant: 'destructive' });
      console.error('Workshop reservation failed', error);
      toast({ ...WORKSHOP_TOASTS.failure, variant: 'destructive' });
    },
  });

  // A message from the schema stays on its field until the field is changed.
  const clearReported = (event: { target: EventTarget }) => {
    const { name } = event.target as HTMLInputElement;
    formRef.current
      ?.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)
      .forEach((el) => el.setCustomValidity(''));
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={form.prepare}
      onInput={clearReported}
      inert={!hydrated}
      aria-labelledby="workshop-form-heading"
      data-testid="workshop-form"
    >
      <h3 id="workshop-form-heading" className={styles.formTitle}>
        {full ? 'Join the waiting list' : 'Reserve a place'}
      </h3>
      {full ? (
        <p className={styles.formNotice} role="note" data-testid="workshop-full">
          {WORKSHOP_MESSAGES.full}
        </p>
      ) : null}
      <div className={styles.row}>
        <WorkshopInput
          id="ws-parent-name"
          label="Parent or carer name"
          autoComplete="name"
          placeholder="e.g. Sarah Thompson"
          maxLength={CONTACT_LIMITS.name}
          {...form.field('parentName')}
        />
        <WorkshopInput
          id="ws-parent-email"
          label="Parent email"
          type="email"
          autoComplete="email"
          placeholder="you@example.co.uk"
          maxLength={CONTACT_LIMITS.email}
          {...form.field('parentEmail')}
        />
      </div>
      <WorkshopInput
        id="ws-parent-mobile"
        label="Parent mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="07700 900123"
        maxLength={CONTACT_LIMITS.phone}
        {...form.field('parentMobile')}
      />
      <div className={styles.row}>
        <WorkshopInput
          id="ws-child-name"
          label="Child's first name"
          autoComplete="off"
          placeholder="e.g. Maya"
          maxLength={CONTACT_LIMITS.name}
          {...form.field('childName')}
        />
        <WorkshopInput
          id="ws-child-age"
          label="Child's age"
          type="number"
          inputMode="numeric"
          placeholder={`Age (${WORKSHOP_AGES.min}-${WORKSHOP_AGES.max})`}
          min={WORKSHOP_AGES.min}
          max={WORKSHOP_AGES.max}
          step={1}
          {...form.field('childAge')}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>Which device will your child use?</legend>
        <div className={styles.radios}>
          {DEVICE_TYPES.map((device) => (
            <label key={device} className={styles.radio}>
              <input
                type="radio"
                name="deviceType"
                value={device}
                required
                checked={form.values.deviceType === device}
                onChange={form.field('deviceType').onChange}
                className={styles.radioInput}
              />
              {device}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="academy" size="lg" block disabled={submitting}>
        {submitting ? 'Reserving...' : full ? 'Join the Waiting List' : 'Reserve My Free Place'}
      </Button>
      <p className={styles.small}>
        We use these details only to arrange the workshop and will not share them. A parent or carer must make
        the booking.
      </p>
    </form>
  );
}

/** A labelled field of the reservation form; every one is required, and the browser checks it. */
function WorkshopInput({
  id,
  label,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} className={controls.control.academy} required {...rest} />
    </div>
  );
}
