import { CONTENT_LIMITS, testimonialFieldsSchema, type AdminTestimonial } from '../../../../shared/content';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import { trpc } from '../../../lib/trpc';
import {
  ContentForm,
  useContentListForm,
  valuesOf,
  type ContentFormProps,
  ContentListSection,
  useContentList,
  ImageUploadField,
  tableStyles as table,
} from '../../../components/admin';

/** What customers say: the home page's Testimonials section. */
export function TestimonialsEditor() {
  const list = useContentList<AdminTestimonial>(trpc.siteContent.testimonials, (utils) => [
    utils.siteContent.testimonials.list,
    utils.content.testimonials,
  ]);
  return (
    <ContentListSection
      {...list}
      title="Testimonials"
      lead="Quotes from customers, with their name, where they are from and a photo if you have one."
      noun="testimonial"
      plural="testimonials"
      testId="testimonials-editor"
      // The quote narrows to a word: the three buttons keep one line at every table width.
      oneLineActions
      nameOf={(q) => `the testimonial of ${q.name}`}
      form={TestimonialForm}
      columns={[
        {
          label: 'Customer',
          primary: true,
          render: (q) => (
            <span className={table.thumbRow}>
              {q.imageUrl ? <img src={q.imageUrl} alt="" className={table.rowThumbnail} /> : null}
              <span className={table.subjectCell}>
                <span className={table.strong}>{q.name}</span>
                <span className={table.muted}>{q.location}</span>
              </span>
            </span>
          ),
        },
        {
          label: 'Quote',
          render: (q) => <span className={table.oneLine}>{q.content}</span>,
        },
      ]}
    />
  );
}

function TestimonialForm(props: ContentFormProps<AdminTestimonial>) {
  const { form, frame } = useContentListForm({
    api: trpc.siteContent.testimonials,
    initial: valuesOf(props.editing, ['name', 'location', 'content', 'imageUrl']),
    schema: testimonialFieldsSchema,
    ...props,
    noun: 'testimonial',
  });
  return (
    <ContentForm {...frame}>
      <TextField label="Name" required maxLength={CONTENT_LIMITS.name} {...form.control('name')} />
      <TextField
        label="Business or place"
        hint="For example: Owner, The Corner Bakehouse, Broxtown"
        maxLength={CONTENT_LIMITS.location}
        {...form.control('location')}
      />
      <TextAreaField label="Quote" required maxLength={CONTENT_LIMITS.quote} {...form.control('content')} />
      <ImageUploadField
        label="Photo"
        alt={`Photo of ${form.values.name || 'the customer'}`}
        {...form.valueControl('imageUrl')}
      />
    </ContentForm>
  );
}
