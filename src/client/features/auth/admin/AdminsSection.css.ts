import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css';

/** What each role may do, in two columns where there is room, one on a phone. */
export const roleList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${roleList} dd`, { margin: 0 });

/** A row's role: wide enough for the longest name (Administrator), never cut. */
export const roleSelect = style({ minWidth: '10rem' });

/** A person's name over their address. */
export const person = style({ display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' });
