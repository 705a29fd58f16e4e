import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'wouter';
import { scrollToSection } from '../../lib/scroll';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** The section's anchor id on the home page, e.g. 'contact'. */
  section: string;
};

/**
 * A link to a home-page section. On the home page it scrolls smoothly there; from any other route
 * it goes to /#section, and the home page scrolls after 100 ms.
 */
export function SectionLink({ section, onClick, ...rest }: Props) {
  const [location, navigate] = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The caller's handler first, and on screen at once: the phone menu closes here, and the
    // section must be measured without the open menu pushing the page down.
    flushSync(() => onClick?.(event));
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    if (location === '/' && scrollToSection(section)) return;
    navigate(`/#${section}`);
  };
  return <a href={`/#${section}`} onClick={handleClick} {...rest} />;
}
