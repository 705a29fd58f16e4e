// Checks that run inside the page, the same in Chromium and Firefox, whether Playwright or
// puppeteer-core drives the browser: each function is passed to page.evaluate as it is, so it must
// not use anything from outside its own body.

/**
 * Everything that sticks out sideways: the document wider than the viewport, or an element
 * reaching past the viewport's left or right edge (unless an ancestor clips or scrolls it inside
 * the viewport, as a table's scrolling box does). Returns a line per problem.
 */
export function findOverflow(): string[] {
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`document is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport`);
  }
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  const clippedInside = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      // Inside a fixed layer (toasts sliding in, dialogs): the layer is checked, not its content.
      if (style.position === 'fixed') return true;
      // A box that clips or scrolls its content, itself inside the viewport, hides what sticks out.
      if (style.overflowX !== 'visible') {
        const r = a.getBoundingClientRect();
        if (r.left >= -1 && r.right <= width + 1) return true;
      }
    }
    return false;
  };
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    // Visually hidden text (1px, clipped) is for screen readers, not a layout.
    if (rect.width <= 1 && rect.height <= 1) continue;
    if (rect.right <= width + 1 && rect.left >= -1) continue;
    // Wholly off to the left (a honeypot field, a skip link waiting for focus): parked out of
    // sight on purpose, and nothing can scroll to it.
    if (rect.right <= 0) continue;
    if (clippedInside(el)) continue;
    problems.push(
      `${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)}px of ${width}px`,
    );
    if (problems.length > 15) break;
  }
  return problems;
}

/**
 * Icons inside buttons and links drawn smaller than they were made, or out of proportion (the
 * podcast player's play icon was 4 px wide). The intended size is the svg's width and height
 * attributes (lucide's size prop), or its viewBox's proportions when they are not set.
 */
export function findSqueezedIcons(): string[] {
  const problems: string[] = [];
  for (const svg of Array.from(document.querySelectorAll('button svg, a svg, [role="button"] svg'))) {
    const control = svg.closest('button, a, [role="button"]')!;
    const box = control.getBoundingClientRect();
    // A control that is not shown at this width (display: none, a closed menu) draws nothing.
    if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
    const rect = svg.getBoundingClientRect();
    const name = `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}"`;
    const w = Number(svg.getAttribute('width'));
    const h = Number(svg.getAttribute('height'));
    if (w > 0 && h > 0) {
      if (rect.width < w - 0.5 || rect.height < h - 0.5) {
        problems.push(
          `${name}: icon drawn ${rect.width.toFixed(1)}x${rect.height.toFixed(1)}px, made ${w}x${h}px`,
        );
      }
      continue;
    }
    const viewBox = svg
      .getAttribute('viewBox')
      ?.split(/[\s,]+/)
      .map(Number);
    if (rect.width < 8 || rect.height < 8) {
      problems.push(`${name}: icon drawn ${rect.width.toFixed(1)}x${rect.height.toFixed(1)}px`);
    } else if (viewBox && viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) {
      const want = viewBox[2]! / viewBox[3]!;
      if (Math.abs(rect.width / rect.height - want) > 0.05 * want) {
        problems.push(
          `${name}: icon drawn ${rect.width.toFixed(1)}x${rect.height.toFixed(1)}px, out of its ${viewBox[2]}:${viewBox[3]} proportions`,
        );
      }
    }
  }
  return problems;
}

/**
 * The admin lists whose layout disagrees with their width: cards in a box as wide as a table needs,
 * or a table in a narrower one (AdminList.tsx chooses by its own box, measured at mount and again
 * once a resize has settled). Empty once every list has caught up with the last layout.
 */
export function findListsInTheWrongLayout(): string[] {
  const problems: string[] = [];
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-cards-below]'))) {
    const width = el.getBoundingClientRect().width;
    if (width === 0) continue;
    const want = width < Number(el.dataset.cardsBelow) ? 'cards' : 'table';
    if (el.dataset.layout !== want) {
      const section = el.closest('section')?.querySelector('h2')?.textContent ?? 'a list';
      problems.push(`${section}: ${el.dataset.layout} at ${Math.round(width)} px wide`);
    }
  }
  return problems;
}

/**
 * Makes the page the same on every run before a screenshot: animations and transitions off, no
 * caret, text that changes by itself (dates from the server, the year, captcha numbers: marked
 * data-volatile in the components) replaced by fixed samples, every image loaded, at the top.
 * Photos are then drawn as flat grey boxes of their own size: the comparison is about layout, and
 * photo pixels would make the committed baselines ten times larger (findBrokenImages checks they
 * loaded).
 */
export async function settleForScreenshot(): Promise<void> {
  const style = document.createElement('style');
  style.textContent = [
    '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; scroll-behavior: auto !important; }',
    'img { object-position: -100000px 0 !important; background: #c9ced6 !important; }',
    // A chart drawn from the server's dates and hours (the dashboard's): its table and cards are compared instead.
    '[data-volatile-picture] { visibility: hidden !important; }',
  ].join('\n');
  document.head.append(style);
  const samples: Record<string, string> = {
    datetime: '12 Mar 2026, 09:00',
    date: 'Mar 12, 2026',
    day: '12 Mar 2026',
    year: '2026',
    number: '5',
    // The site's public address, whose port the test servers choose at each run.
    host: 'hertslocalmedia.co.uk',
  };
  const pin = () => {
    for (const el of Array.from(document.querySelectorAll('[data-volatile]'))) {
      const sample = samples[el.getAttribute('data-volatile') ?? ''] ?? '…';
      if (el.textContent !== sample) el.textContent = sample;
    }
  };
  pin();
  // A list that renders (or re-renders) after this point gets its texts pinned too, before the
  // next paint: a late answer once put a real date into a baseline comparison.
  new MutationObserver(pin).observe(document.body, { childList: true, subtree: true, characterData: true });
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  // Every image loaded, including one drawn (or drawn again) while the others loaded: a decode
  // that fails half-way (its element replaced, or the load still under way on a busy machine) is
  // waited for again, up to 10 s, and findBrokenImages reports what is still missing after that.
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    const pending = Array.from(document.images).filter((img) => !img.complete);
    if (pending.length === 0) break;
    for (const img of pending) img.loading = 'eager';
    await Promise.all(pending.map((img) => img.decode().catch(() => undefined)));
    if (pending.some((img) => !img.complete)) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await document.fonts.ready;
  window.scrollTo(0, 0);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** The images on the page that have not loaded (or could not be decoded). */
export function findBrokenImages(): string[] {
  return Array.from(document.images)
    .filter((img) => !img.complete || img.naturalWidth === 0)
    .map((img) => img.currentSrc || img.src);
}

/**
 * What a person could not reach or read whole, judged from the layout itself rather than from a
 * baseline: every visible button, link and form field must lie wholly inside the visible box of each
 * ancestor that clips or scrolls it (a scrolling box passes only when it says it scrolls, with a
 * cue: data-scroll-cue), no text may run past its block's box, and no placeholder may be wider
 * than its field. Text that ends in an ellipsis on purpose (text-overflow, line-clamp) is skipped.
 * Returns a line per problem.
 */
export function findClippedContent(): string[] {
  const problems: string[] = [];
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
        : '';
    const text = (
      el.getAttribute('aria-label') ??
      (el as HTMLElement).innerText ??
      el.getAttribute('placeholder') ??
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || (r.width <= 1 && r.height <= 1)) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    // Visually hidden on purpose (screen-reader text, a honeypot, a skip link waiting for focus).
    if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return false;
    if (r.right <= 0 || r.bottom <= -window.scrollY - 1) return false;
    return true;
  };
  // The visible box of an ancestor: its padding box, where its content is drawn.
  const innerBox = (a: Element) => {
    const r = a.getBoundingClientRect();
    const s = getComputedStyle(a);
    const left = r.left + parseFloat(s.borderLeftWidth);
    const top = r.top + parseFloat(s.borderTopWidth);
    return { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight };
  };
  const controls = document.body.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]',
  );
  for (const el of Array.from(controls)) {
    if (!shown(el)) continue;
    const rect = el.getBoundingClientRect();
    for (
      let a = el.parentElement;
      a && a !== document.body && a !== document.documentElement;
      a = a.parentElement
    ) {
      const style = getComputedStyle(a);
      if (style.position === 'fixed' && style.overflowX === 'visible' && style.overflowY === 'visible') break;
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = innerBox(a);
      const outX = rect.left < box.left - 1 || rect.right > box.right + 1;
      const outY = rect.top < box.top - 1 || rect.bottom > box.bottom + 1;
      if (!outX && !outY) continue;
      const scrolls = (axis: 'x' | 'y') => {
        const o = axis === 'x' ? style.overflowX : style.overflowY;
        const can = axis === 'x' ? a.scrollWidth > a.clientWidth + 1 : a.scrollHeight > a.clientHeight + 1;
        return (o === 'auto' || o === 'scroll') && can;
      };
      const cued = a.closest('[data-scroll-cue]') !== null;
      if ((!outX || (scrolls('x') && cued)) && (!outY || (scrolls('y') && cued))) continue;
      problems.push(
        `${describe(el)} (${Math.round(rect.left)}..${Math.round(rect.right)} x ${Math.round(rect.top)}..${Math.round(rect.bottom)}) cut by ${describe(a).replace(/ ".*$/, '')} (${Math.round(box.left)}..${Math.round(box.right)} x ${Math.round(box.top)}..${Math.round(box.bottom)})${scrolls('x') || scrolls('y') ? ', which scrolls with no cue' : ''}`,
      );
      break;
    }
    if (problems.length > 20) return problems;
  }

  // Text past its block's box: a word too long for a cell, a label wider than its button.
  const ellipsis = (el: Element) => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.textOverflow === 'ellipsis' || (s.webkitLineClamp && s.webkitLineClamp !== 'none')) return true;
      if (!s.display.startsWith('inline')) return false;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const parent = node.parentElement!;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'OPTION'].includes(parent.tagName)) continue;
    let block: Element = parent;
    while (block.parentElement && getComputedStyle(block).display.startsWith('inline'))
      block = block.parentElement;
    if (!shown(parent) || !shown(block) || ellipsis(parent)) continue;
    if (getComputedStyle(block).position === 'fixed' && block.closest('[aria-hidden="true"]')) continue;
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (text.width === 0) continue;
    const box = block.getBoundingClientRect();
    if (text.right > box.right + 1 || text.left < box.left - 1) {
      problems.push(
        `text "${node.textContent.trim().slice(0, 40)}" (${Math.round(text.left)}..${Math.round(text.right)}) runs out of ${describe(block).replace(/ ".*$/, '')} (${Math.round(box.left)}..${Math.round(box.right)})`,
      );
      if (problems.length > 20) return problems;
    }
  }

  // A placeholder wider than the field shows cut ("Title, excerpt or catego").
  const canvas = document.createElement('canvas').getContext('2d')!;
  for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
    if (!shown(field) || field.value) continue;
    const s = getComputedStyle(field);
    canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const needed = canvas.measureText(field.placeholder).width;
    const room = field.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    if (needed > room + 1) {
      problems.push(
        `placeholder "${field.placeholder}" needs ${Math.round(needed)}px in a ${Math.round(room)}px field`,
      );
    }
  }
  return problems;
}
