import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { bareList, centredMessage } from '../../styles/rules';
import { blogListStyles, blogPostStyles } from '../blog/index.css';

// The archive is built like the blog: its lead, pager and issue body are the blog's own styles.

const focusRing = { outline: vars.outline.focusRing, outlineOffset: '2px' };

export const page = style({
  maxWidth: vars.layout.narrowWidth,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.md}`,
});

export const intro = style({ textAlign: 'center', marginBottom: vars.space.xl });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.display } },
});

export const lead = blogListStyles.lead;

export const link = style({
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  selectors: { '&:focus-visible': focusRing },
});

export const list = style({ ...bareList, display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: vars.border.hairline,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const itemTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xl } },
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const itemLink = style({
  color: vars.color.ink,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': focusRing },
});

export const date = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const preheader = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.normal });

export const empty = style({ ...centredMessage, color: vars.color.muted });

/**
 * Back to the list: a line of its own above the issue's date, its arrow on the title's left edge.
 * Written out rather than built on the blog pager's link, whose padding and inline display won over
 * these where its sheet loaded after this one.
 */
export const back = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  width: 'fit-content',
  marginBottom: vars.space.lg,
  color: vars.color.brandDark,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': focusRing },
});

export const issueTitle = style({
  margin: `${vars.space.xs} 0`,
  fontSize: vars.fontSize.xxl,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xxxl } },
  fontWeight: vars.fontWeight.black,
  color: vars.color.ink,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

/** A post's body styles, with a rule between the issue's heading (and preview line) and its body. */
export const content = style([
  blogPostStyles.content,
  {
    overflowWrap: 'anywhere',
    marginTop: vars.space.lg,
    paddingTop: vars.space.lg,
    borderTop: vars.border.hairline,
  },
]);
// An issue's links in the brand's red, as the rest of the newsletter's pages, not the posts' blue
// (prose.css): within the page, so this wins over that rule whichever sheet loads last.
globalStyle(`${page} ${content} a`, { color: vars.color.brandDark, fontWeight: vars.fontWeight.medium });
globalStyle(`${page} ${content} a:focus-visible`, focusRing);

export const signup = style({
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.brandSoft,
  textAlign: 'center',
});
