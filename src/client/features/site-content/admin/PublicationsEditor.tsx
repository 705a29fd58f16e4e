import { CONTENT_LIMITS, publicationFieldsSchema, type AdminPublication } from '../../../../shared/content';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import { trpc } from '../../../lib/trpc';
import {
  ContentForm,
  useContentListForm,
  valuesOf,
  type ContentFormProps,
  ContentListSection,
  useContentList,
  tableStyles as table,
} from '../../../components/admin';

/** The community newsletters of the home page, with the subscribe link of each. */
export function PublicationsEditor() {
  const list = useContentList<AdminPublication>(trpc.siteContent.newsletters, (utils) => [
    utils.siteContent.newsletters.list,
    utils.content.newsletters,
  ]);
  return (
    <ContentListSection
      {...list}
      title="Newsletters"
      lead="Broxtown, Hertstown and Fieldtown keep their own colour and picture; any other newsletter gets the standard look. Without a subscribe link, the button goes to the signup form."
      noun="newsletter"
      plural="newsletters"
      testId="newsletters-editor"
      nameOf={(n) => n.name}
      form={NewsletterForm}
      columns={[
        { label: 'Newsletter', primary: true, render: (n) => <span className={table.strong}>{n.name}</span> },
        { label: 'Area', render: (n) => n.location },
        {
          label: 'Subscribe link',
          render: (n) =>
            n.subscribeUrl ? (
              <span className={table.truncate}>{n.subscribeUrl}</span>
            ) : (
              <span className={table.muted}>The signup form</span>
            ),
        },
      ]}
    />
  );
}

function NewsletterForm(props: ContentFormProps<AdminPublication>) {
  const { form, frame } = useContentListForm({
    api: trpc.siteContent.newsletters,
    initial: valuesOf(props.editing, ['name', 'location', 'description', 'subscribeUrl']),
    schema: publicationFieldsSchema,
    ...props,
    noun: 'newsletter',
  });
  return (
    <ContentForm {...frame}>
      <TextField label="Name" required maxLength={CONTENT_LIMITS.name} {...form.control('name')} />
      <TextField
        label="Area it covers"
        required
        maxLength={CONTENT_LIMITS.location}
        {...form.control('location')}
      />
      <TextAreaField
        label="Description"
        required
        maxLength={CONTENT_LIMITS.description}
        {...form.control('description')}
      />
      <TextField
        label="Subscribe link"
        type="url"
        inputMode="url"
        hint="The newsletter platform's subscribe page, starting with https://. Leave empty for the site's own signup form."
        maxLength={CONTENT_LIMITS.url}
        {...form.control('subscribeUrl')}
      />
    </ContentForm>
  );
}
