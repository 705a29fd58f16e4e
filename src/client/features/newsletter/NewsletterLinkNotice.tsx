import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import * as styles from './NewsletterLinkNotice.css';

type Action = 'confirm' | 'unsubscribe';
type Status = 'asking' | 'working' | 'done' | 'failed';
interface Link {
  action: Action;
  token: string;
}
type State = (Link & { status: Status; message: string }) | null;

const TITLES: Record<Action, Record<Status, string>> = {
  confirm: {
    asking: 'Confirm your subscription',
    working: 'Confirming your subscription...',
    done: 'Subscription confirmed',
    failed: 'We could not confirm your subscription',
  },
  unsubscribe: {
    asking: 'Unsubscribe from our newsletter',
    working: 'Unsubscribing you...',
    done: 'You have been unsubscribed',
    failed: 'We could not unsubscribe you',
  },
};

/** What the page asks before it acts, and the button that acts. */
const QUESTIONS: Record<Action, { text: string; button: string }> = {
  confirm: {
    text: 'Press the button to start receiving our newsletter at this address.',
    button: 'Confirm my subscription',
  },
  unsubscribe: {
    text: 'Press the button to stop receiving our newsletter. Your address will be deleted from our list.',
    button: 'Unsubscribe',
  },
};

/** The links in our e-mails: /?newsletter=confirm|unsubscribe&token=... */
function readLink(): Link | null {
  const params = new URLSearchParams(window.location.search);
  const action = params.get('newsletter');
  const token = params.get('token');
  if ((action !== 'confirm' && action !== 'unsubscribe') || !token) return null;
  return { action, token };
}

/**
 * The page a confirm or unsubscribe link opens: it asks, and only a press of its button sends the
 * request. Mail scanners and previews open links and run their scripts; acting on the page's load
 * would let them confirm an address nobody confirmed, or delete a reader's subscription. (The
 * List-Unsubscribe header's one-click address is a POST of its own, RFC 8058.)
 */
export function NewsletterLinkNotice() {
  const [state, setState] = useState<State>(null);
  const confirm = trpc.newsletter.confirm.useMutation();
  const unsubscribe = trpc.newsletter.unsubscribe.useMutation();

  useEffect(() => {
    const link = readLink();
    if (link) setState({ ...link, status: 'asking', message: '' });
  }, []);

  const act = (link: Link) => {
    // The token has done its job once sent: keep it out of the address bar, history and bookmarks.
    history.replaceState(history.state, '', window.location.pathname + window.location.hash);
    setState({ ...link, status: 'working', message: '' });
    const mutation = link.action === 'confirm' ? confirm : unsubscribe;
    // mutateAsync, not mutate's callbacks: the outcome must arrive even if React remounts us.
    mutation
      .mutateAsync({ token: link.token })
      .then((data) => setState({ ...link, status: 'done', message: data.message }))
      .catch((error: unknown) =>
        setState({
          ...link,
          status: 'failed',
          message: serverMessage(error) ?? 'Something went wrong. Please try again later.',
        }),
      );
  };

  if (!state) return null;
  const question = state.status === 'asking' ? QUESTIONS[state.action] : null;
  return (
    <div className={styles.wrap}>
      <div className={styles.tone[state.status]} role="status" data-testid="newsletter-link-notice">
        <div className={styles.text}>
          <p className={styles.title}>{TITLES[state.action][state.status]}</p>
          {question ? <p>{question.text}</p> : null}
          {state.message ? <p>{state.message}</p> : null}
          {question ? (
            <div className={styles.actions}>
              <Button onClick={() => act(state)}>{question.button}</Button>
            </div>
          ) : null}
        </div>
        {state.status !== 'working' ? (
          <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => setState(null)}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
