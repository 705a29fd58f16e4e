import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import * as styles from './Issues.css';

/** The widths the preview shows the e-mail at: a phone's screen, and a desktop mail client's column (Issues.css.ts sizes the frame). */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 600 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/**
 * The e-mail as the server renders it, in a sandboxed frame (no scripts, no access to the admin's
 * page or session), at a phone's or a desktop's width.
 */
export function EmailPreview({
  html,
  loading,
  problem,
}: {
  html?: string;
  loading: boolean;
  /** Why the preview could not be made: the server's words, null without them, undefined when it was made. */
  problem?: string | null;
}) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const px = PREVIEW_WIDTHS[width];
  return (
    <div className={styles.stack}>
      <div className={styles.widthToggle} role="group" aria-label="Preview width">
        <Button
          size="sm"
          variant={width === 'phone' ? 'primary' : 'ghost'}
          aria-pressed={width === 'phone'}
          onClick={() => setWidth('phone')}
        >
          Phone
        </Button>
        <Button
          size="sm"
          variant={width === 'desktop' ? 'primary' : 'ghost'}
          aria-pressed={width === 'desktop'}
          onClick={() => setWidth('desktop')}
        >
          Desktop
        </Button>
      </div>
      <p className={styles.note}>
        Shown {px} px wide, as {width === 'phone' ? 'on a phone' : 'in a desktop mail program'}.
      </p>
      {loading ? (
        <Skeleton height="20rem" />
      ) : problem !== undefined || html === undefined ? (
        <p className={styles.note} role="alert">
          {problem ?? 'The preview could not be made. Please check the issue and try again.'}
        </p>
      ) : (
        <div className={styles.previewStage}>
          <iframe
            title={`Email preview, ${width} width`}
            className={styles.previewFrame[width]}
            data-testid="email-preview"
            data-width={px}
            // No allow-same-origin and no allow-scripts: the e-mail can neither run code nor reach the admin's page.
            sandbox=""
            srcDoc={html}
          />
        </div>
      )}
    </div>
  );
}
