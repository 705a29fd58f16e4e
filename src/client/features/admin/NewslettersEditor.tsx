import { useId } from 'react';
import { CONTENT_LIMITS, newsletterFieldsSchema, type AdminNewsletter } from '../../../shared/content';
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
import * as table from './AdminTable.css';

/** The community newsletters of the home page, with the subscribe link of each. */
export function NewslettersEditor() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.siteContent.newsletters.list.invalidate(), utils.content.newsletters.invalidate()]);
  const { query, onPage, calls } = useContentList<AdminNewsletter>(trpc.siteContent.newsletters, refresh);
  return (
    <ContentListSection
      title="Newsletters"
      lead="Broxtown, Hertstown and Fieldtown keep their own colour and picture; any other newsletter gets the standard look. Without a subscribe link, the button goes to the signup form."
      noun="newsletter"
      plural="newsletters"
      testId="newsletters-editor"
      query={query}
      onPage={onPage}
      nameOf={(n) => n.name}
      calls={calls}
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
      renderForm={(editing, done) => <NewsletterForm editing={editing} done={done} refresh={refresh} />}
    />
  );
}

function NewsletterForm(props: ContentFormProps<AdminNewsletter>) {
  const { editing } = props;
  const ids = useId();
  const create = trpc.siteContent.newsletters.create.useMutation();
  const update = trpc.siteContent.newsletters.update.useMutation();
  const { form, submit } = useContentForm({
    initial: {
      name: editing?.name ?? '',
      location: editing?.location ?? '',
      description: editing?.description ?? '',
      subscribeUrl: editing?.subscribeUrl ?? '',
    },
    schema: newsletterFieldsSchema,
    ...props,
    create: create.mutateAsync,
    update: update.mutateAsync,
    noun: 'newsletter',
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
        label="Area it covers"
        required
        maxLength={CONTENT_LIMITS.location}
        {...form.field('location')}
        error={form.errors.location}
      />
      <TextAreaField
        id={`${ids}-description`}
        label="Description"
        required
        maxLength={CONTENT_LIMITS.description}
        {...form.field('description')}
        error={form.errors.description}
      />
      <TextField
        id={`${ids}-subscribe`}
        label="Subscribe link"
        type="url"
        inputMode="url"
        hint="The newsletter platform's subscribe page, starting with https://. Leave empty for the site's own signup form."
        maxLength={CONTENT_LIMITS.url}
        {...form.field('subscribeUrl')}
        error={form.errors.subscribeUrl}
      />
      <ContentFormActions editing={editing !== null} busy={form.submitting} onCancel={props.done} />
    </form>
  );
}
