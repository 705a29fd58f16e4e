import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css';
import { prose } from '../../../styles/prose.css';

// The post editor's own parts: slug, tags, publishing, SEO, revisions, autosave and conflict notices.

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const statusLine = style({ margin: 0, fontSize: vars.fontSize.sm, minHeight: '1.25rem' });
export const statusTone = styleVariants({
  neutral: [statusLine, { color: vars.color.muted }],
  good: [statusLine, { color: vars.color.success }],
  bad: [statusLine, { color: vars.color.danger }],
});

export const slugRow = style({ display: 'flex', alignItems: 'stretch', minWidth: 0 });
export const slugPrefix = style({
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space.xs}`,
  borderRadius: `${vars.radius.md} 0 0 ${vars.radius.md}`,
  border: vars.border.hairline,
  borderRight: 'none',
  background: vars.color.surfaceAlt,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});
export const slugInput = style({ flex: 1, minWidth: 0, borderTopLeftRadius: 0, borderBottomLeftRadius: 0 });

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
});
export const chipRemove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.75rem',
  height: '1.75rem',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:focus-visible': { outline: vars.outline.focusRing },
  },
});
export const suggestions = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: vars.space.xxs,
  listStyle: 'none',
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
});
export const suggestion = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"], &:hover': { background: vars.color.accentSoft },
  },
});
export const count = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  minWidth: 0,
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
});
export const legend = style({
  padding: `0 ${vars.space.xxs}`,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});
/** A choice's one-line explanation under its name (the publish dialog's What). */
export const choiceHint = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  fontWeight: vars.fontWeight.regular,
});
/** Draft, Scheduled, Published: one under another (in the settings panel three in a row do not fit, and two and one looked ragged). */
export const choices = style({ display: 'flex', flexDirection: 'column', gap: 0 });
export const dateTime = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const details = style({
  border: vars.border.hairline,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  minWidth: 0,
});
export const summary = style({
  minHeight: '2.75rem',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
  cursor: 'pointer',
});
export const detailsBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingBottom: vars.space.md,
});

export const counter = styleVariants({
  ok: { margin: 0, fontSize: vars.fontSize.sm, color: vars.color.muted },
  over: { margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger, fontWeight: vars.fontWeight.bold },
});

export const serpPreview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: vars.border.hairline,
  background: vars.color.surface,
  fontFamily: 'Arial, sans-serif',
  overflowWrap: 'anywhere',
});
export const serpUrl = style({ fontSize: vars.fontSize.sm, color: '#202124' });
export const serpTitle = style({
  margin: 0,
  fontSize: '1.25rem',
  lineHeight: 1.3,
  color: '#1a0dab',
  fontWeight: 400,
  // One line, as a search engine shows it: cut with an ellipsis where the width runs out.
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const serpText = style({ margin: 0, fontSize: vars.fontSize.sm, color: '#4d5156', lineHeight: 1.5 });
export const previewLabel = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.inkSoft,
});

export const conflict = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
  color: vars.color.ink,
});
export const conflictTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const revisionList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const revisionItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  border: vars.border.hairline,
  selectors: {
    '&[aria-current="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
  },
});
/** Beside the newest revision's time: the version the site has now. */
export const currentMark = style({
  marginLeft: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  border: `1px solid ${vars.color.accent}`,
});
export const revisionMeta = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  fontSize: vars.fontSize.sm,
});
export const diffField = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});
export const diffText = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.normal,
});
/**
 * A revision's content as it reads, changes marked in place (RenderedDiff): the post's long-form
 * rhythm, in the page's flow rather than a box of its own that scrolls (clipped on a phone).
 */
export const renderedDiff = style([
  prose,
  {
    padding: vars.space.sm,
    borderRadius: vars.radius.sm,
    background: vars.color.surfaceAlt,
    overflowWrap: 'anywhere',
    lineHeight: vars.lineHeight.normal,
  },
]);
export const added = style({ background: '#d1fadf', color: '#05603a', textDecoration: 'none' });
export const removed = style({ background: '#fee4e2', color: '#912018', textDecoration: 'line-through' });
export const scheduled = style({
  flexShrink: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  border: `1px solid ${vars.color.accent}`,
});
export const linkButton = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  color: vars.color.accent,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: vars.outline.focusRing } },
});

// --- Social card previews (SocialCards.tsx): X's and Facebook's link cards, image at 1.91:1 ------

// One under the other: side by side in the settings panel, each card was too small to read.
export const socialCards = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
});
export const socialFigure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
});
const cardImage = { display: 'block', width: '100%', aspectRatio: '1.91 / 1', objectFit: 'cover' } as const;
export const socialImage = style(cardImage);
export const socialNoImage = style({
  ...cardImage,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.surfaceAlt,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const twoLines = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
} as const;
export const xCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });
export const xMedia = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.lg,
  border: vars.border.hairline,
});
// X lays the title over the foot of the image, on a dark band.
export const xTitle = style({
  ...oneLine,
  position: 'absolute',
  left: vars.space.sm,
  bottom: vars.space.sm,
  maxWidth: `calc(100% - 2 * ${vars.space.sm})`,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: 'rgb(0 0 0 / 0.77)',
  color: '#fff',
  fontSize: vars.fontSize.sm,
});
export const socialHost = style({ ...oneLine, fontSize: vars.fontSize.xs, color: vars.color.muted });
export const facebookCard = style({ border: vars.border.hairline, minWidth: 0 });
export const facebookMedia = style({ borderBottom: vars.border.hairline });
export const facebookText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: '#f0f2f5',
  fontFamily: 'Helvetica, Arial, sans-serif',
});
export const facebookHost = style({
  ...oneLine,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  color: '#65676b',
});
export const facebookTitle = style({ ...twoLines, fontWeight: vars.fontWeight.bold, color: '#050505' });
export const facebookDescription = style({ ...oneLine, fontSize: vars.fontSize.sm, color: '#65676b' });

/** Editorial review's box in the editor: calm, in the accent's colour (not an error). */
export const review = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.accentSoft,
  color: vars.color.ink,
});
globalStyle(`${review} p`, { margin: 0 });
export const reviewTitle = style({ fontWeight: vars.fontWeight.bold });
/** The editor's note, kept as written (line breaks included). */
export const reviewNote = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const reviewHint = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
