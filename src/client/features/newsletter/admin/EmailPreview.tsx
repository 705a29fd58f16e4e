import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import * as styles from './Issues.css';

/** The widths the preview shows the e-mail at: a phone's screen, and a desktop mail client's column (Issues.css.ts sizes the frame). */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 600 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** A screen at least this wide opens the preview at the desktop width. */
const DESKTOP_SCREEN_PX = 700;

/**
 * How much a frame `px` wide is shrunk to fit the stage's width (1 when it fits): the whole width of
 * the e-mail is in sight, as on the device, rather than cut at the stage's edge.
 */
function useFit(stage: HTMLDivElement | null, px: number): number {
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    if (!stage || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = getComputedStyle(stage);
      setRoom(stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stage]);
  return room === null || room >= px ? 1 : Math.max(0.3, room / px);
}

/**
 * The e-mail without its frame's scroll bar, for the phone's width: a phone draws none beside the
 * text, and a desktop's bar would take 15 of the 375 px from the e-mail (its header band cut short).
 * The frame still scrolls by wheel, touch and keyboard.
 */
function withoutScrollbar(html: string): string {
  const rule = '<style>html{scrollbar-width:none}</style>';
  // Before </head>, not before the doctype (that would put the e-mail into quirks mode).
  return html.includes('</head>') ? html.replace('</head>', `${rule}</head>`) : rule + html;
}

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
  // On a screen narrower than a desktop mail program's column, the phone's width is the one to see first.
  const [width, setWidth] = useState<PreviewWidth>(() =>
    typeof window !== 'undefined' && window.innerWidth < DESKTOP_SCREEN_PX ? 'phone' : 'desktop',
  );
  const px = PREVIEW_WIDTHS[width];
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const scale = useFit(stage, px);
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
        Shown {px} px wide, as {width === 'phone' ? 'on a phone' : 'in a desktop mail program'}
        {scale < 1 ? `, at ${Math.floor(scale * 100)}% to fit this screen` : ''}.
      </p>
      {loading ? (
        <Skeleton height="20rem" />
      ) : problem !== undefined || html === undefined ? (
        <p className={styles.note} role="alert">
          {problem ?? 'The preview could not be made. Please check the issue and try again.'}
        </p>
      ) : (
        <div ref={setStage} className={styles.previewStage}>
          <div
            className={styles.previewFit}
            style={{ width: `${px * scale}px`, height: `calc(${styles.PREVIEW_HEIGHT} * ${scale})` }}
          >
            <iframe
              style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
              title={`Email preview, ${width} width`}
              className={styles.previewFrame[width]}
              data-testid="email-preview"
              data-width={px}
              // No allow-same-origin and no allow-scripts: the e-mail can neither run code nor reach the admin's page.
              sandbox=""
              srcDoc={width === 'phone' ? withoutScrollbar(html) : html}
            />
          </div>
        </div>
      )}
    </div>
  );
}
