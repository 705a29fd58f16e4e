import { Search } from 'lucide-react';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import { ImageUploadField, adminStyles, type Uploader } from '../../../components/admin';
import * as styles from './Editor.css';
import { SocialCards } from './SocialCards';

/**
 * Rows enough for the whole text in the narrowest box it is drawn in (the editor's side panel, about
 * 22 characters a line): the box grows rather than scrolling the text out of sight.
 */
const rowsFor = (text: string) => Math.min(16, Math.max(3, Math.ceil(text.length / 22) + 1));

export interface SeoValues {
  metaTitle: string;
  metaDescription: string;
  socialImageUrl: string;
  socialDescription: string;
  canonicalUrl: string;
  noIndex: boolean;
}

export interface SeoLimits {
  metaTitle: number;
  metaDescription: number;
  socialDescription: number;
  canonicalUrl: number;
  /** What search engines show before they cut the text off. */
  recommendedTitle: number;
  recommendedDescription: number;
}

/**
 * '48 of 60 characters'; past the length a search engine shows, how far past it ('96 characters:
 * 36 over the 60 a search engine shows'), not '96 of 60'.
 */
function Counter({ id, length, recommended }: { id: string; length: number; recommended: number }) {
  const over = length - recommended;
  return (
    <p id={id} className={over > 0 ? styles.counter.over : styles.counter.ok} aria-live="polite">
      {over > 0
        ? `${length} characters: ${over} over the ${recommended} a search engine shows`
        : `${length} of ${recommended} characters`}
    </p>
  );
}

/**
 * The site's public address, as the server wrote it into the page's head (its feed link, made from
 * the configured public URL that canonical links use): the admin may be opened at another host.
 */
function siteHost(): string {
  if (typeof document === 'undefined') return '';
  const feed = document.querySelector<HTMLLinkElement>('link[rel="alternate"][type="application/rss+xml"]');
  return URL.canParse(feed?.href ?? '') ? new URL(feed!.href).host : window.location.host;
}

/**
 * How the post looks in search results and when shared: meta title and description with live counts
 * and a preview of the search result, the social image and description, a canonical address and
 * "hide from search engines". Empty fields fall back to the post's own title, excerpt and image.
 */
export function SeoPanel({
  id,
  values,
  onChange,
  fallback,
  path,
  limits,
  uploader,
}: {
  id: string;
  values: SeoValues;
  onChange: <K extends keyof SeoValues>(key: K, value: SeoValues[K]) => void;
  fallback: { title: string; description: string; imageUrl: string };
  /** The post's address, /blog/<slug>. */
  path: string;
  limits: SeoLimits;
  uploader: Uploader;
}) {
  const shownTitle = values.metaTitle.trim() || fallback.title.trim() || 'Post title';
  const shownDescription =
    values.metaDescription.trim() ||
    fallback.description.trim() ||
    'The excerpt is shown here when there is no meta description.';
  const host = siteHost();
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
  const sharedImage = values.socialImageUrl || fallback.imageUrl;
  const sharedDescription = values.socialDescription.trim() || shownDescription;
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>
        <Search size={16} aria-hidden="true" /> Search and sharing
      </summary>
      <div className={styles.detailsBody}>
        <div>
          <TextField
            id={`${id}-meta-title`}
            label="Meta title"
            hint="Shown as the link in search results; the post's title when empty."
            value={values.metaTitle}
            onChange={(e) => onChange('metaTitle', e.target.value)}
            maxLength={limits.metaTitle}
          />
          <Counter
            id={`${id}-meta-title-count`}
            length={values.metaTitle.length}
            recommended={limits.recommendedTitle}
          />
        </div>
        <div>
          <TextAreaField
            id={`${id}-meta-description`}
            label="Meta description"
            hint="Shown under the link in search results; the excerpt when empty."
            value={values.metaDescription}
            onChange={(e) => onChange('metaDescription', e.target.value)}
            maxLength={limits.metaDescription}
            rows={rowsFor(values.metaDescription)}
          />
          <Counter
            id={`${id}-meta-description-count`}
            length={values.metaDescription.length}
            recommended={limits.recommendedDescription}
          />
        </div>
        <p className={styles.previewLabel}>Search result preview</p>
        <div className={styles.serpPreview} data-testid="search-preview">
          <span className={styles.serpUrl}>
            <span data-volatile="host">{host}</span> › {path.replace(/^\//, '').split('/').join(' › ')}
          </span>
          {/* One line, cut with an ellipsis where the width runs out, as a search engine does. */}
          <p className={styles.serpTitle} title={shownTitle}>
            {shownTitle}
          </p>
          <p className={styles.serpText}>
            {values.noIndex
              ? 'Hidden from search engines.'
              : cut(shownDescription, limits.recommendedDescription)}
          </p>
        </div>
        <ImageUploadField
          id={`${id}-social-image`}
          label="Social image"
          value={values.socialImageUrl}
          onChange={(path) => onChange('socialImageUrl', path)}
          alt="Social image preview"
          removeLabel="Remove social image"
          previewClassName={adminStyles.imagePreview}
          uploader={uploader}
        />
        <p className={styles.statusTone.neutral}>
          {values.socialImageUrl
            ? 'Shown when the post is shared on social media.'
            : fallback.imageUrl
              ? 'Without one, the featured image is shown when the post is shared.'
              : 'Without one, shares show the site’s own card: the post has no featured image either.'}
        </p>
        <TextAreaField
          id={`${id}-social-description`}
          label="Social description"
          hint="For Open Graph and X cards; the meta description when empty."
          value={values.socialDescription}
          onChange={(e) => onChange('socialDescription', e.target.value)}
          maxLength={limits.socialDescription}
          rows={2}
        />
        <SocialCards host={host} title={shownTitle} description={sharedDescription} imageUrl={sharedImage} />
        <TextField
          id={`${id}-canonical`}
          label="Canonical address"
          hint="Only when this post first appeared elsewhere: the full address of the original."
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.canonicalUrl}
          onChange={(e) => onChange('canonicalUrl', e.target.value)}
          maxLength={limits.canonicalUrl}
        />
        <label className={adminStyles.checkRow}>
          <input
            type="checkbox"
            className={adminStyles.checkbox}
            checked={values.noIndex}
            onChange={(e) => onChange('noIndex', e.target.checked)}
          />
          Hide from search engines
        </label>
      </div>
    </details>
  );
}
