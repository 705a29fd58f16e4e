import { useId } from 'react';
import { CONTENT_LIMITS, testimonialFieldsSchema, type AdminTestimonial } from '../../../shared/content';
import { TextAreaField, TextField } from '../../components/ui/form/TextField';
import * as fieldStyles from '../../components/ui/form/Field.css';
import { trpc } from '../../lib/trpc';
import {
  ContentFormActions,
  ContentListSection,
  useContentForm,
  useContentList,
  type ContentFormProps,
} from './ContentListSection';
import { ImageUploadField } from './ImageUploadField';
import * as styles from './Admin.css';
import * as table from './AdminTable.css';

/** What customers say: the home page's Testimonials section. */
export function TestimonialsEditor() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.siteContent.testimonials.list.invalidate(), utils.content.testimonials.invalidate()]);
  const { query, onPage, calls } = useContentList<AdminTestimonial>(trpc.siteContent.testimonials, refresh);
  return (
    <ContentListSection
      title="Testimonials"
      lead="Quotes from customers, with their name, where they are from and a photo if you have one."
      noun="testimonial"
      plural="testimonials"
      testId="testimonials-editor"
      query={query}
      onPage={onPage}
      nameOf={(q) => `the testimonial of ${q.name}`}
      calls={calls}
      columns={[
        {
          label: 'Customer',
          primary: true,
          render: (q) => (
            <span className={styles.uploadRow}>
              {q.imageUrl ? <img src={q.imageUrl} alt="" className={styles.thumbnail} /> : null}
              <span className={table.subjectCell}>
                <span className={table.strong}>{q.name}</span>
                <span className={table.muted}>{q.location}</span>
              </span>
            </span>
          ),
        },
        { label: 'Quote', render: (q) => <span className={table.truncate}>{q.content}</span> },
      ]}
      renderForm={(editing, done) => <TestimonialForm editing={editing} done={done} refresh={refresh} />}
    />
  );
}

function TestimonialForm(props: ContentFormProps<AdminTestimonial>) {
  const { editing } = props;
  const ids = useId();
  const create = trpc.siteContent.testimonials.create.useMutation();
  const update = trpc.siteContent.testimonials.update.useMutation();
  const { form, submit } = useContentForm({
    initial: {
      name: editing?.name ?? '',
      location: editing?.location ?? '',
      content: editing?.content ?? '',
      imageUrl: editing?.imageUrl ?? '',
    },
    schema: testimonialFieldsSchema,
    ...props,
    create: create.mutateAsync,
    update: update.mutateAsync,
    noun: 'testimonial',
  });
  return (
    <form className={fieldStyles.stack} onSubmit={submit} noValidate>
      <TextField
        id={`${ids}-name`}
        label="Name"
        required
        maxLength={CONTENT_LIMITS.name}
        {...form.field('name')}
        error={form.errors.name}
      />
      <TextField
        id={`${ids}-location`}
        label="Business or place"
        hint="For example: Owner, The Corner Bakehouse, Broxtown"
        maxLength={CONTENT_LIMITS.location}
        {...form.field('location')}
        error={form.errors.location}
      />
      <TextAreaField
        id={`${ids}-content`}
        label="Quote"
        required
        maxLength={CONTENT_LIMITS.quote}
        {...form.field('content')}
        error={form.errors.content}
      />
      <ImageUploadField
        id={`${ids}-photo`}
        label="Photo"
        alt={`Photo of ${form.values.name || 'the customer'}`}
        value={form.values.imageUrl}
        onChange={(path) => form.setValue('imageUrl', path)}
        error={form.errors.imageUrl}
      />
      <ContentFormActions editing={editing !== null} busy={form.submitting} onCancel={props.done} />
    </form>
  );
}
