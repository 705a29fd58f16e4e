import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css';

/** The issue's screen: the editor (or the send's figures) and its side panel, one column on a phone. */
export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  alignItems: 'start',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const inline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.xs,
});
// The field takes the room; the button keeps its width beside it, or goes below on a phone.
globalStyle(`${inline} > :first-child`, { flex: '1 1 14rem', minWidth: 0 });

export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

const pillBase = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});
/** An issue's or a recipient's state, one look per kind of state. */
export const pill = styleVariants({
  quiet: [
    pillBase,
    { background: vars.color.surfaceAlt, color: vars.color.inkSoft, border: vars.border.hairline },
  ],
  waiting: [pillBase, { background: vars.color.accentSoft, color: vars.color.accent }],
  busy: [pillBase, { background: vars.color.brandSoft, color: vars.color.brandDark }],
  done: [pillBase, { background: vars.color.success, color: vars.color.onBrand }],
  bad: [pillBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
});

export const subjectCell = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const subject = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
  overflowWrap: 'anywhere',
});

/** The issue's subject over its send: the screen's title, above its panels' headings. */
export const issueTitle = style([
  subject,
  { fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight },
]);

// --- Preview -------------------------------------------------------------------------------------

export const widthToggle = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: vars.border.hairline,
});

/** The frame's stage: a frame wider than it is shrunk to fit (EmailPreview's useFit). */
export const previewStage = style({
  overflow: 'auto',
  maxWidth: '100%',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: vars.border.hairline,
});

/** The frame's height: most of the screen, and never less than 20rem. */
export const PREVIEW_HEIGHT = 'max(65vh, 20rem)';

/** The frame's room at its shown size: narrower than the frame when it is shrunk to fit. */
export const previewFit = style({
  margin: '0 auto',
  overflow: 'hidden',
});

const previewFrameBase = style({
  display: 'block',
  flexShrink: 0,
  height: PREVIEW_HEIGHT,
  transformOrigin: '0 0',
  border: vars.border.hairline,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
/** The frame at the preview's two widths (EmailPreview's PREVIEW_WIDTHS). */
export const previewFrame = styleVariants({
  phone: [previewFrameBase, { width: '375px' }],
  desktop: [previewFrameBase, { width: '600px' }],
});

// --- Progress ------------------------------------------------------------------------------------

export const meter = style({
  height: '1rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  border: vars.border.hairline,
  overflow: 'hidden',
  display: 'flex',
});

// Their widths are the shares of the figures, set on the element.
export const meterSent = style({ height: '100%', background: vars.color.success });
export const meterFailed = style({ height: '100%', background: vars.color.danger });

// Three tiles side by side; on a phone, three rows of label and figure (a third of 360 px is too
// narrow for "Remaining" beside its tile's padding).
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [breakpoints.phone]: { gridTemplateColumns: '1fr', gap: vars.space.xs } },
});

export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: vars.border.hairline,
  '@media': {
    [breakpoints.phone]: {
      flexDirection: 'row',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      paddingBlock: vars.space.xs,
    },
  },
});

export const figureLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  fontWeight: vars.fontWeight.bold,
});
export const figureValue = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  '@media': { [breakpoints.phone]: { fontSize: vars.fontSize.lg } },
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});

/** A link with an icon after it, kept on one line. */
export const iconLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  whiteSpace: 'nowrap',
});
