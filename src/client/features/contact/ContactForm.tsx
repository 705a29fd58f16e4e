import { type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  CHALLENGE_MESSAGES,
  CONTACT_LIMITS,
  CONTACT_TYPE_LABELS,
  SERVICE_TYPES,
} from '../../../shared/contact';
import { ROUTES } from '../../../shared/routes';
import { Button } from '../../components/ui/Button';
import { useSchemaForm } from '../../components/ui/form/useSchemaForm';
import * as controls from '../../components/ui/form/Field.css';
import { toast, toastMessage } from '../../components/ui/toast-store';
import { errorStatus, serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { useHydrated } from '../../lib/lazy-section';
import { isCaptchaSolved } from './captcha';
import * as fields from './Form.css';
import * as styles from './ContactForm.css';

const EMPTY = { name: '', email: '', subject: '', message: '', type: '', website: '', answer: '' };
const REQUIRED = ['name', 'email', 'message', 'type'] as const;
/** The words of docs/specification.md §5 for a required field left empty. */
const MISSING_INFORMATION =
  'Missing Information - Please fill in all required fields including service type.';
const SEND_FAILED = {
  title: 'Error',
  description: 'Failed to send message. Please try again.',
  variant: 'destructive',
} as const;

// The schema is POST /api/contact's own, loaded when the form is first used: Zod stays out of the
// home page's first load.
const loadContactSchema = () => import('../../../shared/contact.schema').then((m) => m.contactInputSchema);

/** The enquiry form: its fields, the sum that keeps spam out, and what each answer shows. */
export function ContactForm() {
  const hydrated = useHydrated();
  // The numbers are a signed, single-use challenge from the server, fetched in the browser after
  // hydration: the server-rendered (and cached) HTML never carries one.
  const challenge = trpc.contact.challenge.useQuery(undefined, { gcTime: 0 });
  const captcha = challenge.data ?? null;
  const form = useSchemaForm({
    initial: EMPTY,
    schema: loadContactSchema,
    input: (v) => ({
      ...v,
      subject: v.subject.trim() || v.type,
      website: v.website || undefined,
      challenge: captcha?.challenge,
      answer: v.answer.trim(),
    }),
  });
  const newChallenge = () => {
    form.setValue('answer', '');
    void challenge.refetch();
  };

  const send = trpc.contact.send.useMutation();
  const submit = form.submit({
    onValid: async (enquiry) => {
      await send.mutateAsync(enquiry);
      toast({
        title: 'Message Sent!',
        description: "Thank you for contacting us. We'll get back to you within 24 hours.",
      });
      form.reset();
      newChallenge();
    },
    onError: (error) => {
      // A challenge is used up by any answer: the next try gets new numbers. Without an answer (a
      // dropped connection, or the schema's code not loaded) the form stays as it was, so sending
      // again is the same submission with the same Idempotency-Key, answered from the first if that
      // one arrived.
      if (errorStatus(error) !== undefined) newChallenge();
      const refusedChallenge = (Object.values(CHALLENGE_MESSAGES) as string[]).includes(
        serverMessage(error) ?? '',
      );
      if (refusedChallenge) toastMessage(CHALLENGE_MESSAGES.wrong);
      else toast(SEND_FAILED);
    },
    onInvalid: (errors) => {
      // Empty fields first, with the specification's message; then a malformed address, beside its field.
      const missing = REQUIRED.filter(
        (name) => errors[name] !== undefined && form.values[name].trim() === '',
      );
      if (missing.length > 0) {
        form.setErrors(Object.fromEntries(missing.map((name) => [name, errors[name]])));
        toastMessage(MISSING_INFORMATION);
      } else if (errors.email) {
        document.getElementById('contact-email')?.focus();
      } else {
        toast(SEND_FAILED);
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The sum first, as the specification's validation rules (docs/specification.md §5) order the checks; the server checks it again.
    if (!captcha || !isCaptchaSolved(captcha, form.values.answer)) {
      event.preventDefault();
      toastMessage(CHALLENGE_MESSAGES.wrong);
      return;
    }
    void submit(event);
  };

  const invalid = (name: keyof typeof EMPTY) => (form.errors[name] ? true : undefined);
  const emailError =
    form.errors.email && form.values.email.trim()
      ? `${form.errors.email}, like name@example.co.uk.`
      : undefined;

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={form.prepare}
      noValidate
      inert={!hydrated}
      aria-label="Contact form"
    >
      <p className={styles.required}>Fields marked * are required.</p>
      <div className={styles.row}>
        <div className={fields.field}>
          <label htmlFor="contact-name" className={fields.label}>
            Name *
          </label>
          <input
            id="contact-name"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            required
            aria-invalid={invalid('name')}
            {...form.field('name')}
            className={controls.control.site}
          />
        </div>
        <div className={fields.field}>
          <label htmlFor="contact-email" className={fields.label}>
            Email *
          </label>
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            required
            aria-invalid={invalid('email')}
            aria-describedby={emailError ? 'contact-email-error' : undefined}
            {...form.field('email')}
            className={controls.control.site}
          />
          {emailError ? (
            <p id="contact-email-error" className={fields.error} role="alert">
              {emailError}
            </p>
          ) : null}
        </div>
      </div>
      <div className={styles.row}>
        <div className={fields.field}>
          <label htmlFor="contact-type" className={fields.label}>
            Service type *
          </label>
          <select
            id="contact-type"
            required
            aria-invalid={invalid('type')}
            {...form.field('type')}
            className={controls.control.site}
          >
            <option value="">Choose a service</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONTACT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className={fields.field}>
          <label htmlFor="contact-subject" className={fields.label}>
            Subject <span className={fields.optional}>(optional)</span>
          </label>
          <input
            id="contact-subject"
            maxLength={CONTACT_LIMITS.subject}
            {...form.field('subject')}
            className={controls.control.site}
          />
        </div>
      </div>
      <div className={fields.field}>
        <label htmlFor="contact-message" className={fields.label}>
          Message *
        </label>
        <textarea
          id="contact-message"
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          required
          aria-invalid={invalid('message')}
          {...form.field('message')}
          className={controls.textarea.site}
        />
      </div>
      <div className={fields.trap} aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" {...form.field('website')} />
      </div>
      <div className={styles.captcha}>
        <label htmlFor="contact-captcha" className={fields.label}>
          Quick check: what is <span data-volatile="number">{captcha?.a ?? '…'}</span> +{' '}
          <span data-volatile="number">{captcha?.b ?? '…'}</span>? *
        </label>
        <input
          id="contact-captcha"
          inputMode="numeric"
          autoComplete="off"
          required
          {...form.field('answer')}
          name="captcha"
          className={`${controls.control.site} ${styles.captchaInput}`}
        />
        <p className={fields.hint}>This helps us keep spam out of our inbox.</p>
      </div>
      <Button type="submit" size="lg" disabled={form.submitting}>
        {form.submitting ? 'Sending...' : 'Send Message'}
      </Button>
      <p className={fields.hint}>
        We use your details only to answer your enquiry. See our{' '}
        <Link href={ROUTES.privacyPolicy}>privacy policy</Link>.
      </p>
    </form>
  );
}
