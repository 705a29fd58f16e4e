import { ImageUp, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { IMAGE_MAX_MB, IMAGE_PICKER_ACCEPT } from './upload-limits';
import { useUpload, type Uploader } from './useUpload';
import * as styles from './Admin.css';

/**
 * A picture of a content item (a testimonial's photo, a partner's logo, a post's featured image),
 * uploaded through the signed upload link with the admin's upload toasts; the value is its
 * address on this site.
 */
export function ImageUploadField({
  id,
  label,
  value,
  onChange,
  error,
  alt,
  removeLabel = 'Remove picture',
  previewClassName = styles.thumbnail,
  uploader,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (path: string) => void;
  error?: string;
  /** The preview's alternative text. */
  alt: string;
  removeLabel?: string;
  previewClassName?: string;
  /** An uploader the form shares (so that it can wait for any of its uploads); the field's own otherwise. */
  uploader?: Uploader;
}) {
  const own = useUpload('image');
  const { upload, uploading } = uploader ?? own;
  const input = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const path = await upload(file);
    if (path) onChange(path);
    if (input.current) input.current.value = '';
  };
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.uploadRow}>
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_PICKER_ACCEPT}
          className={styles.fileInput}
          onChange={(e) => void pick(e.target.files?.[0])}
          disabled={uploading}
          aria-describedby={`${id}-hint`}
        />
        {uploading ? (
          <span className={fieldStyles.hint} role="status">
            <ImageUp size={16} aria-hidden="true" /> Uploading...
          </span>
        ) : null}
      </div>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {`JPEG, PNG, GIF or WebP, up to ${IMAGE_MAX_MB}MB.`}
      </p>
      {error ? (
        <p className={fieldStyles.error} role="alert">
          {error}
        </p>
      ) : null}
      {value ? (
        <div className={styles.uploadRow}>
          <img src={value} alt={alt} className={previewClassName} />
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            <X size={16} aria-hidden="true" /> {removeLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
