import { CalendarDays, Clock, Users, Video } from 'lucide-react';
import { useRef } from 'react';
import { ACADEMY_SECTIONS, FREE_WORKSHOP, workshopReservationMessage } from '../../../shared/academy';
import { CONTACT_LIMITS, DEVICE_TYPES } from '../../../shared/contact';
import { Button } from '../../components/ui/Button';
import { useSchemaForm, type FieldErrors } from '../../components/ui/form/useSchemaForm';
import * as controls from '../../components/ui/form/Field.css';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../lib/trpc';
import { AcademySection } from './AcademySection';
import * as styles from './WorkshopSection.css';

// SPEC section 8: the workshop form's toasts.
export const WORKSHOP_TOASTS = {
  success: {
    title: 'Workshop Reserved!',
    description: "We'll be in touch soon to confirm your free workshop slot.",
  },
  failure: { title: 'Error', description: 'Something went wrong. Please try again.' },
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
 * SPEC section 5 leaves the workshop form's checks to the browser, so what the schema finds beyond
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

function WorkshopForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ initial: EMPTY, schema: loadDetailsSchema });
  const reserve = trpc.contact.send.useMutation();
  const submitting = form.submitting;

  // The browser has checked every field (required, e-mail, 10-16, a device); the schema checks
  // them as the server will, and the server checks again.
  const onSubmit = form.submit({
    onValid: async (details) => {
      await reserve.mutateAsync(workshopReservationMessage(details));
      toast(WORKSHOP_TOASTS.success);
      form.reset();
    },
    onInvalid: (errors) => reportToBrowser(formRef.current, errors),
    // A refused or lost request, or the schema's code not loaded: SPEC section 8's toast.
    onError: (error) => {
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
      aria-labelledby="workshop-form-heading"
      data-testid="workshop-form"
    >
      <h3 id="workshop-form-heading" className={styles.formTitle}>
        Reserve a place
      </h3>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="ws-parent-name" className={styles.label}>
            Parent or carer name
          </label>
          <input
            id="ws-parent-name"
            className={controls.control.academy}
            autoComplete="name"
            placeholder="e.g. Sarah Thompson"
            required
            maxLength={CONTACT_LIMITS.name}
            {...form.field('parentName')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="ws-parent-email" className={styles.label}>
            Parent email
          </label>
          <input
            id="ws-parent-email"
            type="email"
            className={controls.control.academy}
            autoComplete="email"
            placeholder="you@example.co.uk"
            required
            maxLength={CONTACT_LIMITS.email}
            {...form.field('parentEmail')}
          />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="ws-parent-mobile" className={styles.label}>
          Parent mobile
        </label>
        <input
          id="ws-parent-mobile"
          type="tel"
          inputMode="tel"
          className={controls.control.academy}
          autoComplete="tel"
          placeholder="07700 900123"
          required
          maxLength={CONTACT_LIMITS.phone}
          {...form.field('parentMobile')}
        />
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="ws-child-name" className={styles.label}>
            Child&apos;s first name
          </label>
          <input
            id="ws-child-name"
            className={controls.control.academy}
            autoComplete="off"
            placeholder="e.g. Maya"
            required
            maxLength={CONTACT_LIMITS.name}
            {...form.field('childName')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="ws-child-age" className={styles.label}>
            Child&apos;s age
          </label>
          <input
            id="ws-child-age"
            type="number"
            inputMode="numeric"
            className={controls.control.academy}
            placeholder={`Age (${FREE_WORKSHOP.ageMin}-${FREE_WORKSHOP.ageMax})`}
            min={FREE_WORKSHOP.ageMin}
            max={FREE_WORKSHOP.ageMax}
            step={1}
            required
            {...form.field('childAge')}
          />
        </div>
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
        {submitting ? 'Reserving...' : 'Reserve My Free Place'}
      </Button>
      <p className={styles.small}>
        We use these details only to arrange the workshop and will not share them. A parent or carer must make
        the booking.
      </p>
    </form>
  );
}

export function WorkshopSection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.workshop}
      tone="dark"
      eyebrow="Try it first, free"
      title="Reserve Your Free Workshop"
      lead={`A one-hour taster for children aged ${FREE_WORKSHOP.ageMin}-${FREE_WORKSHOP.ageMax}. Your child builds their first small AI project with one of our tutors, and you can see how we teach before choosing a plan.`}
    >
      <div className={styles.layout}>
        <div className={styles.details}>
          <ul className={styles.facts} aria-label="Workshop details">
            <li className={styles.fact}>
              <CalendarDays size={22} aria-hidden="true" className={styles.factIcon} />
              <span>
                <span className={styles.factLabel}>Date</span> {FREE_WORKSHOP.dateLabel}
              </span>
            </li>
            <li className={styles.fact}>
              <Clock size={22} aria-hidden="true" className={styles.factIcon} />
              <span>
                <span className={styles.factLabel}>Time</span> {FREE_WORKSHOP.timeLabel}
              </span>
            </li>
            <li className={styles.fact}>
              <Video size={22} aria-hidden="true" className={styles.factIcon} />
              <span>
                <span className={styles.factLabel}>Where</span> {FREE_WORKSHOP.format}, joined from home
              </span>
            </li>
            <li className={styles.fact}>
              <Users size={22} aria-hidden="true" className={styles.factIcon} />
              <span>
                <span className={styles.factLabel}>Places</span> {FREE_WORKSHOP.spots} spots, ages{' '}
                {FREE_WORKSHOP.ageMin}-{FREE_WORKSHOP.ageMax}
              </span>
            </li>
          </ul>
          <p className={styles.note}>
            Your child will need a laptop or desktop computer with a microphone; a webcam is optional.
            Sessions run in a private video room for registered children only, led by a DBS-checked tutor, and
            are never recorded. You are welcome to sit alongside your child.
          </p>
        </div>
        <WorkshopForm />
      </div>
    </AcademySection>
  );
}
