import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { SUBSCRIBERS_CLAIM } from '../../../shared/constants';
import { HOME_SECTIONS, ROUTES } from '../../../shared/routes';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { errorStatus, serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { useHydrated } from '../../lib/lazy-section';
import * as styles from './NewsletterSignupSection.css';

export function NewsletterSignupSection() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const subscribe = trpc.newsletter.subscribe.useMutation({
    onSuccess: () => {
      toast({
        title: 'Successfully subscribed!',
        description: "Thank you for joining our newsletter. We'll be in touch soon.",
      });
      setEmail('');
    },
    onError: (error) => {
      // The server's own words when it answered; a dropped connection has none worth showing.
      const message = errorStatus(error) ? serverMessage(error) : undefined;
      toast({
        title: 'Subscription failed',
        description: message || 'Please try again later.',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    subscribe.mutate({ email: email.trim(), newsletter: 'general' });
  };

  return (
    <section
      id={HOME_SECTIONS.newsletterSignup}
      aria-labelledby="newsletter-signup-heading"
      className={styles.band}
    >
      <div className={styles.inner}>
        <MailCheck size={40} aria-hidden="true" className={styles.icon} />
        <h2 id="newsletter-signup-heading" className={styles.title}>
          Stay in the loop
        </h2>
        <p className={styles.lead}>
          Join {SUBSCRIBERS_CLAIM} subscribers and get the best of Hertfordshire&apos;s local news, events and
          offers in your inbox once a month.
        </p>
        <form className={styles.form} onSubmit={onSubmit} inert={!hydrated} aria-label="Newsletter signup">
          <div className={styles.field}>
            <label htmlFor="newsletter-email" className={styles.label}>
              Email address
            </label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.co.uk"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={styles.input}
            />
          </div>
          <Button
            type="submit"
            variant="secondary"
            size="lg"
            disabled={subscribe.isPending}
            className={styles.button}
          >
            {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
        <p className={styles.small}>
          We will email you a link to confirm your address. Unsubscribe at any time. See our{' '}
          <Link href={ROUTES.privacyPolicy} className={styles.link}>
            privacy policy
          </Link>
          .
        </p>
        <p className={styles.small}>
          <Link href={ROUTES.newsletterArchive} className={styles.link}>
            Read past issues
          </Link>{' '}
          in the newsletter archive.
        </p>
      </div>
    </section>
  );
}
