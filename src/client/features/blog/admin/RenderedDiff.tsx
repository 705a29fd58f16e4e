import { diffArrays } from 'diff';
import { createElement, type ReactNode } from 'react';
import { POST_HTML_TAGS } from '../../../../shared/blog';
import * as styles from './Editor.css';

// A post's content as it reads, with what changed marked in place: the HTML of both versions is cut
// into tags, words and spaces, compared token by token, and the current version's markup is kept
// whole (its headings and lists stay headings and lists) with added words in <ins> and removed ones
// in <del> where they stood. What is shown is rebuilt from an allow-list of elements with no
// attributes at all, as React elements: the editor's unsaved HTML is never put into the page as HTML.

const TOKEN = /<[^>]*>|[^<\s]+|\s+/g;
const isTag = (token: string) => token.startsWith('<');

/** Elements the diff may show: a post's own, less links and images (their text stays), and the marks. */
const SHOWN = new Set<string>([
  ...POST_HTML_TAGS.filter((tag) => tag !== 'a' && tag !== 'img'),
  'ins',
  'del',
]);
/** Elements whose text is not part of what a person reads. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'svg', 'math']);

/** Runs of words among `tokens` wrapped in `mark`; tags kept (added markup) or left out (removed markup). */
function markWords(tokens: readonly string[], mark: 'ins' | 'del', keepTags: boolean): string {
  let out = '';
  let words = '';
  const flush = () => {
    out += words.trim() ? `<${mark}>${words}</${mark}>` : words;
    words = '';
  };
  for (const token of tokens) {
    if (!isTag(token)) words += token;
    else {
      flush();
      if (keepTags) out += token;
    }
  }
  flush();
  return out;
}

/** The current version's HTML with the words added since `before` in <ins> and those gone in <del>. */
export function markedChanges(before: string, after: string): string {
  const parts = diffArrays(before.match(TOKEN) ?? [], after.match(TOKEN) ?? []);
  return parts
    .map((part) =>
      part.added
        ? markWords(part.value, 'ins', true)
        : part.removed
          ? markWords(part.value, 'del', false)
          : part.value.join(''),
    )
    .join('');
}

const MARK_CLASS: Record<string, string> = { ins: styles.added, del: styles.removed };
const SPOKEN: Record<string, string> = { ins: 'added', del: 'removed' };

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(node.childNodes, toReact);
  if (!SHOWN.has(tag)) return createElement('span', { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag in MARK_CLASS) {
    return createElement(
      tag,
      { key, className: MARK_CLASS[tag] },
      createElement('span', { className: 'visually-hidden', key: 'a' }, `[${SPOKEN[tag]}: `),
      ...children,
      createElement('span', { className: 'visually-hidden', key: 'z' }, ']'),
    );
  }
  return createElement(tag, { key }, ...children);
}

/** The content of the current version, rendered, with the changes from `before` marked in place. */
export function RenderedDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const same = before === after;
  const doc = new DOMParser().parseFromString(same ? '' : markedChanges(before, after), 'text/html');
  return (
    <div className={styles.diffField} data-testid={same ? undefined : 'revision-diff'}>
      <span className={styles.previewLabel}>{label}</span>
      {same ? (
        <p className={styles.diffText}>
          <em>No change</em>
        </p>
      ) : (
        <div className={styles.renderedDiff}>{Array.from(doc.body.childNodes, toReact)}</div>
      )}
    </div>
  );
}
