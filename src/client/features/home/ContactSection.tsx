import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { BUSINESS } from '../../../shared/business';
import { CONTACT_REPLY_PROMISE } from '../../../shared/constants';
import { CHALLENGE_MESSAGES, CONTACT_LIMITS, CONTACT_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from '../../../shared/contact';
import { MAILBOX_PATTERN } from '../../../shared/email';
import { HOME_SECTIONS, ROUTES } from '../../../shared/routes';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { errorStatus, serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { isCaptchaSolved } from './captcha';
import { Section } from './Section';
import * as form from './Form.css';
import * as styles from './ContactSection.css';

const EMPTY = { name: '', email: '', subject: '', message: '', type: '' as ServiceType | '', website: '' };

export function ContactSection() {
  const [values, setValues] = useState(EMPTY);
  // The numbers are a signed, single-use challenge from the server, fetched in the browser after
  // hydration: the server-rendered (and cached) HTML never carries one.
  const challenge = trpc.contact.challenge.useQuery(undefined, { gcTime: 0 });
  const captcha = challenge.data ?? null;
  const [answer, setAnswer] = useState('');
  const newChallenge = () => {
    setAnswer('');
    void challenge.refetch();
  };
  const [emailError, setEmailError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const send = trpc.contact.send.useMutation({
    onSuccess: () => {
      toast({ title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you within 24 hours." });
      setValues(EMPTY);
      setMissing(false);
      newChallenge();
    },
    onError: (error) => {
      // A challenge is used up by any answer: the next try gets new numbers. Without an answer (a
      // dropped connection) the form stays as it was, so sending again is the same submission with
      // the same Idempotency-Key, answered from the first if that one arrived.
      if (errorStatus(error) !== undefined) newChallenge();
      const refusedChallenge = (Object.values(CHALLENGE_MESSAGES) as string[]).includes(serverMessage(error) ?? '');
      if (refusedChallenge) {
        toast({ title: 'Verification Failed', description: 'Please solve the math problem correctly.', variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
      }
    },
  });

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (key === 'email') setEmailError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!captcha || !isCaptchaSolved(captcha, answer)) {
      toast({ title: 'Verification Failed', description: 'Please solve the math problem correctly.', variant: 'destructive' });
      return;
    }
    const { name, email, message, type } = values;
    if (!name.trim() || !email.trim() || !message.trim() || !type) {
      setMissing(true);
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields including service type.',
        variant: 'destructive',
      });
      return;
    }
    if (!MAILBOX_PATTERN.test(email.trim())) {
      setEmailError('Please enter a valid e-mail address, like name@example.co.uk.');
      document.getElementById('contact-email')?.focus();
      return;
    }
    send.mutate({
      name: name.trim(),
      email: email.trim(),
      subject: values.subject.trim() || type,
      message: message.trim(),
      type,
      website: values.website || undefined,
      challenge: captcha.challenge,
      answer: Number(answer.trim()),
    });
  };

  const invalid = (value: string) => (missing && !value.trim() ? true : undefined);

  return (
    <Section
      id={HOME_SECTIONS.contact}
      eyebrow="Contact us"
      title="Let's talk about your business"
      lead={`Tell us what you have in mind and we will get back to you ${CONTACT_REPLY_PROMISE}.`}
      alt
    >
      <div className={styles.layout}>
        <div className={styles.info}>
          <h3 className={styles.infoTitle}>Get in touch</h3>
          <p className={styles.infoText}>
            Whether you want to advertise, claim your free website, build a newsletter or just ask a question, a real
            person on our local team will reply.
          </p>
          <ul className={styles.infoList}>
            <li className={styles.infoItem}>
              <span className={styles.infoIcon}>
                <Mail size={20} aria-hidden="true" />
              </span>
              <span>
                <span className={styles.infoLabel}>E-mail</span>
                <a href={`mailto:${BUSINESS.email}`} className={styles.infoLink}>
                  {BUSINESS.email}
                </a>
              </span>
            </li>
            <li className={styles.infoItem}>
              <span className={styles.infoIcon}>
                <Phone size={20} aria-hidden="true" />
              </span>
              <span>
                <span className={styles.infoLabel}>Phone</span>
                <a href={`tel:${BUSINESS.phone.replace(/\s+/g, '')}`} className={styles.infoLink}>
                  {BUSINESS.phone}
                </a>
              </span>
            </li>
            <li className={styles.infoItem}>
              <span className={styles.infoIcon}>
                <MapPin size={20} aria-hidden="true" />
              </span>
              <span>
                <span className={styles.infoLabel}>Where we are</span>
                {BUSINESS.town}, {BUSINESS.county}
              </span>
            </li>
            <li className={styles.infoItem}>
              <span className={styles.infoIcon}>
                <Clock size={20} aria-hidden="true" />
              </span>
              <span>
                <span className={styles.infoLabel}>Office hours</span>
                Monday to Friday, 9am to 5:30pm
              </span>
            </li>
          </ul>
        </div>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Contact form">
          <p className={styles.required}>Fields marked * are required.</p>
          <div className={styles.row}>
            <div className={form.field}>
              <label htmlFor="contact-name" className={form.label}>
                Name *
              </label>
              <input
                id="contact-name"
                name="name"
                autoComplete="name"
                maxLength={CONTACT_LIMITS.name}
                required
                aria-invalid={invalid(values.name)}
                value={values.name}
                onChange={set('name')}
                className={form.control}
              />
            </div>
            <div className={form.field}>
              <label htmlFor="contact-email" className={form.label}>
                Email *
              </label>
              <input
                id="contact-email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={CONTACT_LIMITS.email}
                required
                aria-invalid={emailError ? true : invalid(values.email)}
                aria-describedby={emailError ? 'contact-email-error' : undefined}
                value={values.email}
                onChange={set('email')}
                className={form.control}
              />
              {emailError ? (
                <p id="contact-email-error" className={form.error} role="alert">
                  {emailError}
                </p>
              ) : null}
            </div>
          </div>
          <div className={styles.row}>
            <div className={form.field}>
              <label htmlFor="contact-type" className={form.label}>
                Service type *
              </label>
              <select
                id="contact-type"
                name="type"
                required
                aria-invalid={invalid(values.type)}
                value={values.type}
                onChange={set('type')}
                className={form.control}
              >
                <option value="">Choose a service</option>
                {SERVICE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {CONTACT_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </div>
            <div className={form.field}>
              <label htmlFor="contact-subject" className={form.label}>
                Subject <span className={form.optional}>(optional)</span>
              </label>
              <input
                id="contact-subject"
                name="subject"
                maxLength={CONTACT_LIMITS.subject}
                value={values.subject}
                onChange={set('subject')}
                className={form.control}
              />
            </div>
          </div>
          <div className={form.field}>
            <label htmlFor="contact-message" className={form.label}>
              Message *
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={5}
              maxLength={CONTACT_LIMITS.message}
              required
              aria-invalid={invalid(values.message)}
              value={values.message}
              onChange={set('message')}
              className={form.textarea}
            />
          </div>
          <div className={form.trap} aria-hidden="true">
            <label htmlFor="contact-website">Leave this field empty</label>
            <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
          </div>
          <div className={styles.captcha}>
            <label htmlFor="contact-captcha" className={form.label}>
              Quick check: what is <span data-volatile="number">{captcha?.a ?? '…'}</span> +{' '}
              <span data-volatile="number">{captcha?.b ?? '…'}</span>? *
            </label>
            <input
              id="contact-captcha"
              name="captcha"
              inputMode="numeric"
              autoComplete="off"
              required
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
              className={`${form.control} ${styles.captchaInput}`}
            />
            <p className={form.hint}>This helps us keep spam out of our inbox.</p>
          </div>
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
          <p className={form.hint}>
            We use your details only to answer your enquiry. See our <Link href={ROUTES.privacyPolicy}>privacy policy</Link>.
          </p>
        </form>
      </div>
    </Section>
  );
}
