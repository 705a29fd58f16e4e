import { ImageUp, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '../ui/Button';
import * as fieldStyles from '../ui/form/Field.css';
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
  // The name of the file picked here, shown beside the button (the input's own words are hidden).
  const [chosen, setChosen] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setChosen(file.name);
    const path = await upload(file);
    if (path) onChange(path);
    else setChosen(null);
    if (input.current) input.current.value = '';
  };
  const chosenText = value ? (chosen ?? 'Image chosen') : 'No image chosen';
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.uploadRow}>
        {/* The real file input lies, transparent, over a button of the site's own look: a click or
            a key reaches the input itself, whose browser-made words ('Choose File', 'Browse...')
            differ from browser to browser. */}
        <span className={styles.filePicker}>
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_PICKER_ACCEPT}
            className={styles.fileInput}
            onChange={(e) => void pick(e.target.files?.[0])}
            disabled={uploading}
            aria-describedby={`${id}-chosen ${id}-hint`}
          />
          <span
            className={buttonClass({ variant: 'outline', size: 'sm' }, styles.fileButton)}
            aria-hidden="true"
          >
            <ImageUp size={16} /> Choose image
          </span>
        </span>
        <span id={`${id}-chosen`} className={styles.fileName}>
          {uploading && chosen ? chosen : chosenText}
        </span>
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
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setChosen(null);
              onChange('');
            }}
          >
            <X size={16} aria-hidden="true" /> {removeLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
