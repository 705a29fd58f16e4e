import { CalendarDays, Clock, Users, Video } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FREE_WORKSHOP, workshopReservationMessage } from '../../../shared/academy';
import { DEVICE_TYPES, type WorkshopDetails } from '../../../shared/contact';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../lib/trpc';
import { AcademySection } from './AcademySection';
import { ACADEMY_SECTIONS } from './content';
import * as styles from './WorkshopSection.css';

// SPEC section 8: the workshop form's toasts.
export const WORKSHOP_TOASTS = {
  success: { title: 'Workshop Reserved!', description: "We'll be in touch soon to confirm your free workshop slot." },
  failure: { title: 'Error', description: 'Something went wrong. Please try again.' },
} as const;

interface FormValues {
  parentName: string;
  parentEmail: string;
  parentMobile: string;
  childName: string;
  childAge: string;
  deviceType: string;
}

const EMPTY: FormValues = { parentName: '', parentEmail: '', parentMobile: '', childName: '', childAge: '', deviceType: '' };

function WorkshopForm() {
  const [values, setValues] = useState<FormValues>(EMPTY);
  const reserve = trpc.contact.send.useMutation();
  const submitting = reserve.isPending;

  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    // The browser has checked every field (required, e-mail, 10-16, a device); the server checks again.
    const details: WorkshopDetails = {
      parentName: values.parentName.trim(),
      parentEmail: values.parentEmail.trim(),
      parentMobile: values.parentMobile.trim(),
      childName: values.childName.trim(),
      childAge: Number(values.childAge),
      deviceType: values.deviceType as WorkshopDetails['deviceType'],
    };
    try {
      await reserve.mutateAsync(workshopReservationMessage(details));
      toast(WORKSHOP_TOASTS.success);
      setValues(EMPTY);
    } catch (error) {
      console.error('Workshop reservation failed', error);
      toast({ ...WORKSHOP_TOASTS.failure, variant: 'destructive' });
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="workshop-form-heading" data-testid="workshop-form">
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
            name="parentName"
            className={styles.input}
            autoComplete="name"
            placeholder="e.g. Sarah Thompson"
            required
            maxLength={120}
            value={values.parentName}
            onChange={set('parentName')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="ws-parent-email" className={styles.label}>
            Parent email
          </label>
          <input
            id="ws-parent-email"
            name="parentEmail"
            type="email"
            className={styles.input}
            autoComplete="email"
            placeholder="you@example.co.uk"
            required
            maxLength={254}
            value={values.parentEmail}
            onChange={set('parentEmail')}
          />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="ws-parent-mobile" className={styles.label}>
          Parent mobile
        </label>
        <input
          id="ws-parent-mobile"
          name="parentMobile"
          type="tel"
          inputMode="tel"
          className={styles.input}
          autoComplete="tel"
          placeholder="07700 900123"
          pattern="[+0-9][0-9 \(\)\-]{6,29}"
          title="A phone number, e.g. 07700 900123"
          required
          value={values.parentMobile}
          onChange={set('parentMobile')}
        />
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="ws-child-name" className={styles.label}>
            Child&apos;s first name
          </label>
          <input
            id="ws-child-name"
            name="childName"
            className={styles.input}
            autoComplete="off"
            placeholder="e.g. Maya"
            required
            maxLength={120}
            value={values.childName}
            onChange={set('childName')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="ws-child-age" className={styles.label}>
            Child&apos;s age
          </label>
          <input
            id="ws-child-age"
            name="childAge"
            type="number"
            inputMode="numeric"
            className={styles.input}
            placeholder={`Age (${FREE_WORKSHOP.ageMin}-${FREE_WORKSHOP.ageMax})`}
            min={FREE_WORKSHOP.ageMin}
            max={FREE_WORKSHOP.ageMax}
            step={1}
            required
            value={values.childAge}
            onChange={set('childAge')}
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
                checked={values.deviceType === device}
                onChange={set('deviceType')}
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
        We use these details only to arrange the workshop and will not share them. A parent or carer must make the booking.
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
                <span className={styles.factLabel}>Places</span> {FREE_WORKSHOP.spots} spots, ages {FREE_WORKSHOP.ageMin}-
                {FREE_WORKSHOP.ageMax}
              </span>
            </li>
          </ul>
          <p className={styles.note}>
            Your child will need a laptop or desktop computer with a microphone; a webcam is optional. Sessions run in a
            private video room for registered children only, led by a DBS-checked tutor, and are never recorded. You are
            welcome to sit alongside your child.
          </p>
        </div>
        <WorkshopForm />
      </div>
    </AcademySection>
  );
}
