import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** Large buttons go full width and may wrap on narrow phones, so long labels never overflow at 360 px. */
export const phoneAction = style({
  '@media': {
    'screen and (max-width: 30rem)': {
      width: '100%',
      whiteSpace: 'normal',
      textAlign: 'center',
      paddingLeft: vars.space.md,
      paddingRight: vars.space.md,
    },
  },
});
