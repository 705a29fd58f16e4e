import * as styles from './Editor.css';

/**
 * The post as a link shared on X and on Facebook: the image cut to 1.91:1, the site's address, the
 * title and (on Facebook) the description, each cut to one or two lines as those sites do.
 */
export function SocialCards({
  host,
  title,
  description,
  imageUrl,
}: {
  host: string;
  title: string;
  description: string;
  imageUrl: string;
}) {
  const image = imageUrl ? (
    <img src={imageUrl} alt="" className={styles.socialImage} />
  ) : (
    <span className={styles.socialNoImage}>The site’s own card</span>
  );
  return (
    <div className={styles.socialCards} data-testid="social-previews">
      <figure className={styles.socialFigure}>
        <figcaption className={styles.previewLabel}>Shared on X</figcaption>
        <div className={styles.xCard} data-testid="x-card">
          <div className={styles.xMedia}>
            {image}
            <span className={styles.xTitle}>{title}</span>
          </div>
          <span className={styles.socialHost}>
            From <span data-volatile="host">{host}</span>
          </span>
        </div>
      </figure>
      <figure className={styles.socialFigure}>
        <figcaption className={styles.previewLabel}>Shared on Facebook</figcaption>
        <div className={styles.facebookCard} data-testid="facebook-card">
          <div className={styles.facebookMedia}>{image}</div>
          <div className={styles.facebookText}>
            <span className={styles.facebookHost} data-volatile="host">
              {host}
            </span>
            <span className={styles.facebookTitle}>{title}</span>
            <span className={styles.facebookDescription}>{description}</span>
          </div>
        </div>
      </figure>
    </div>
  );
}
