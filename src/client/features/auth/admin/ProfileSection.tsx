import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  ADMIN_NAME_MAX_LENGTH,
  profileUpdateSchema,
  STAFF_BIO_MAX,
  PROFILE_MESSAGES,
  type Profile,
} from '../../../../shared/auth';
import { authorHref } from '../../../../shared/blog-publishing';
import { SLUG_MAX } from '../../../../shared/slug';
import { ImageUploadField, tableStyles as styles } from '../../../components/admin';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { useCan } from '../useAdminUser';
import * as profileStyles from './ProfileSection.css';

type Values = { name: string; slug: string; bio: string; photoUrl: string };
const valuesOf = (p: Profile): Values => ({
  name: p.name,
  slug: p.slug,
  bio: p.bio,
  photoUrl: p.photoUrl ?? '',
});

/**
 * Your own profile: the name, author address, photo and bio that visitors see on your posts'
 * bylines and on your author page (/author/<slug>) once a post of yours is out.
 */
export function ProfileSection() {
  const ids = useId();
  const utils = trpc.useUtils();
  const profile = trpc.admin.profile.useQuery();
  const save = trpc.admin.updateProfile.useMutation();
  // A photo is an uploaded image: the roles that upload (those who write) choose one.
  const writes = useCan()('writePosts');
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  useEffect(() => {
    if (profile.data && values === null) setValues(valuesOf(profile.data));
  }, [profile.data, values]);

  if (!values) {
    return (
      <section className={styles.section} aria-busy="true" aria-label="Your profile">
        <Skeleton height="20rem" />
      </section>
    );
  }
  const set = (key: keyof Values, value: string) => {
    setValues({ ...values, [key]: value });
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, photoUrl: values.photoUrl || null };
    const checked = profileUpdateSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(found);
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.data);
      setValues(valuesOf(saved));
      toast({ title: PROFILE_MESSAGES.saved });
      await Promise.all([utils.admin.profile.invalidate(), utils.auth.user.invalidate()]);
    } catch (error) {
      const message = serverMessage(error);
      if (message === PROFILE_MESSAGES.slugTaken) setErrors({ slug: message });
      toast({ title: 'Your profile was not saved', description: message, variant: 'destructive' });
    }
  };
  const saved = profile.data!;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Your profile
        </h2>
        <p className={styles.lead}>
          What visitors see on the byline of your posts and on your author page, once a post of yours is
          published.{' '}
          <a
            href={authorHref(saved.slug)}
            target="_blank"
            rel="noreferrer"
            className={profileStyles.pageLink}
          >
            Your author page <ExternalLink size={14} aria-hidden="true" />
          </a>
        </p>
      </div>
      <form className={profileStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id={`${ids}-name`}
          label="Name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          maxLength={ADMIN_NAME_MAX_LENGTH}
          error={errors.name}
          autoComplete="name"
        />
        <TextField
          id={`${ids}-slug`}
          label="Author page address"
          hint={`Your page is at ${authorHref(values.slug || 'your-name')}: lower-case letters, digits and hyphens.`}
          value={values.slug}
          onChange={(e) => set('slug', e.target.value)}
          maxLength={SLUG_MAX}
          error={errors.slug}
          spellCheck={false}
        />
        <TextAreaField
          id={`${ids}-bio`}
          label="Short bio"
          hint={`${values.bio.length} of ${STAFF_BIO_MAX} characters. A sentence or two: what you write about, where you live.`}
          value={values.bio}
          onChange={(e) => set('bio', e.target.value)}
          maxLength={STAFF_BIO_MAX}
          error={errors.bio}
          rows={3}
        />
        {writes ? (
          <ImageUploadField
            id={`${ids}-photo`}
            label="Photo"
            value={values.photoUrl}
            onChange={(path) => set('photoUrl', path)}
            alt={`${values.name || 'Your'} photo`}
            removeLabel="Remove photo"
            error={errors.photoUrl}
          />
        ) : null}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      </form>
    </section>
  );
}
