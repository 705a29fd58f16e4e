import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillPageTemplate } from '../../src/server/web/http/pages';

// The page template is filled with replacer functions, so `$` patterns in a post's
// title or content reach the page as they were written and never copy parts of the template.
const template = fs.readFileSync('src/client/index.html', 'utf8');
const PATTERNS = ["$'", '$`', '$&', '$1', '$$', "grep '^foo$'", "Costs $' less", 'a$`b$&c'];

describe('fillPageTemplate', () => {
  it.each(PATTERNS)('keeps %s in the head and in the body exactly as written', (text) => {
    const html = fillPageTemplate(template, {
      head: `<title>${text} | Herts Local Media</title>`,
      body: `<article><h1>${text}</h1><pre>${text}</pre></article>`,
      pageData: JSON.stringify({ title: text }),
    });
    expect(html).toContain(`<title>${text} | Herts Local Media</title>\n  </head>`);
    expect(html).toContain(`<div id="root"><article><h1>${text}</h1><pre>${text}</pre></article></div>`);
    expect(html).toContain(`id="__PAGE_DATA__">${JSON.stringify({ title: text })}</script>`);
    for (const tag of ['<head>', '</head>', '<body>', '</body>', '</html>', '<title>']) {
      expect(html.split(tag).length - 1, tag).toBe(1);
    }
  });

  it('leaves the shell alone when there is no rendered body', () => {
    const html = fillPageTemplate(template, { head: "<title>$' $&</title>", body: null, pageData: '{}' });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain("<title>$' $&</title>");
    expect(html).not.toContain('__PAGE_DATA__');
  });
});
