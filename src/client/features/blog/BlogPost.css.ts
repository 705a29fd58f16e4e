import { style } from '@vanilla-extract/css';
import { prose } from '../../styles/prose.css';
import { vars } from '../../styles/theme.css';
import { readMore } from './BlogCard.css';

export const article = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});

export const back = style([readMore, { marginBottom: vars.space.lg }]);

export const heroImage = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  marginBottom: vars.space.lg,
});

export const postTitle = style({
  margin: `${vars.space.sm} 0`,
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  // A long unbroken word in a title breaks rather than pushing the page past a phone's width.
  overflowWrap: 'anywhere',
});

export const postExcerpt = style({
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.lg,
  color: vars.color.inkSoft,
  lineHeight: vars.lineHeight.normal,
});

export const byline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderTop: vars.border.hairline,
  borderBottom: vars.border.hairline,
  marginBottom: vars.space.xl,
});

export const author = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
});

/** The post's text: the one long-form rhythm (shared with the editor), at the page's reading size. */
export const content = style([
  prose,
  {
    fontSize: vars.fontSize.lg,
    lineHeight: vars.lineHeight.relaxed,
    color: vars.color.inkSoft,
    // The tag chips that follow stand apart from the last line.
    marginBottom: vars.space.xl,
  },
]);

/** The byline's people: their photos overlapping a little, then "By …" over the team's label. */
export const bylinePeople = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const bylinePhotos = style({ display: 'flex', flexShrink: 0 });

export const bylinePhoto = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  objectFit: 'cover',
  border: `2px solid ${vars.color.surface}`,
  background: vars.color.surfaceAlt,
  selectors: { '& + &': { marginLeft: '-0.75rem' } },
});

export const bylineWords = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.125rem',
  minWidth: 0,
  lineHeight: vars.lineHeight.tight,
});

export const bylineNames = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.ink,
  overflowWrap: 'anywhere',
});

export const bylineLink = style({
  color: vars.color.brandDark,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  selectors: {
    '&:hover': { color: vars.color.brand },
    '&:focus-visible': { outline: vars.outline.focusRing, outlineOffset: '2px' },
  },
});

export const bylineTeam = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
