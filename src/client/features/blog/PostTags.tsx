import { Link } from 'wouter';
import { blogTagHref } from '../../../shared/blog-publishing';
import * as extras from './BlogExtras.css';

/** A post's tags, each a link to its tag's page. */
export function PostTags({ tags }: { tags: ReadonlyArray<{ name: string; slug: string }> }) {
  if (tags.length === 0) return null;
  return (
    <ul className={extras.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link href={blogTagHref(tag.slug)} className={extras.tag}>
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
