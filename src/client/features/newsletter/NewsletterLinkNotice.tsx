import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import * as styles from './NewsletterLinkNotice.css';

type Action = 'confirm' | 'unsubscribe';
type State = { status: 'working' | 'done' | 'failed'; action: Action; message: string } | null;

const TITLES: Record<Action, Record<'working' | 'done' | 'failed', string>> = {
  confirm: {
    working: 'Confirming your subscription...',
    done: 'Subscription confirmed',
    failed: 'We could not confirm your subscription',
  },
  unsubscribe: {
    working: 'Unsubscribing you...',
    done: 'You have been unsubscribed',
    failed: 'We could not unsubscribe you',
  },
};

/** The links in our newsletter e-mails (/?newsletter=confirm|unsubscribe&token=...): act on them and say how it went. */
function readLink(): { action: Action; token: string } | null {
  const params = new URLSearchParams(window.location.search);
  const action = params.get('newsletter');
  const token = params.get('token');
  if ((action !== 'confirm' && action !== 'unsubscribe') || !token) return null;
  return { action, token };
}

export function NewsletterLinkNotice() {
  const [state, setState] = useState<State>(null);
  const started = useRef(false);
  const confirm = trpc.newsletter.confirm.useMutation();
  const unsubscribe = trpc.newsletter.unsubscribe.useMutation();

  useEffect(() => {
    if (started.current) return;
    const link = readLink();
    if (!link) return;
    started.current = true;
    // The token has done its job once read: keep it out of the address bar, history and bookmarks.
    history.replaceState(history.state, '', window.location.pathname + window.location.hash);
    setState({ status: 'working', action: link.action, message: '' });
    const mutation = link.action === 'confirm' ? confirm : unsubscribe;
    // mutateAsync, not mutate's callbacks: the outcome must arrive even if React remounts us.
    mutation
      .mutateAsync({ token: link.token })
      .then((data) => setState({ status: 'done', action: link.action, message: data.message }))
      .catch((error: unknown) =>
        setState({
          status: 'failed',
          action: link.action,
          message: serverMessage(error) ?? 'Something went wrong. Please try again later.',
        }),
      );
  }, [confirm, unsubscribe]);

  if (!state) return null;
  return (
    <div className={styles.wrap}>
      <div className={styles.tone[state.status]} role="status" data-testid="newsletter-link-notice">
        <div className={styles.text}>
          <p className={styles.title}>{TITLES[state.action][state.status]}</p>
          {state.message ? <p>{state.message}</p> : null}
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
