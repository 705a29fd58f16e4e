import { Link2, Mail } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { toast } from '../../components/ui/toast-store';
import * as styles from './ShareButtons.css';

/** Copy link, plus plain share links to the usual networks (nothing loads from them until clicked). */
const noSubscription = () => () => {};

export function ShareButtons({ title, path }: { title: string; path: string }) {
  // The site's address is only known in the browser; the server renders the links without it and
  // the browser fills it in straight after hydration.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const url = `${origin}${path}`;
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const networks = [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${t}%20${u}` },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied to clipboard!' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };

  return (
    <div className={styles.share} role="group" aria-label="Share this post">
      <button type="button" className={styles.shareLink} onClick={() => void copy()}>
        <Link2 size={16} aria-hidden="true" />
        &nbsp;Copy link
      </button>
      {networks.map((n) => (
        <a
          key={n.label}
          className={styles.shareLink}
          href={n.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share on ${n.label} (opens in a new tab)`}
        >
          {n.label}
        </a>
      ))}
      <a className={styles.shareLink} href={`mailto:?subject=${t}&body=${u}`} aria-label="Share by email">
        <Mail size={16} aria-hidden="true" />
      </a>
    </div>
  );
}
