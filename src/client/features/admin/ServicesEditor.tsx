import { useId } from 'react';
import {
  ADVERTISING_ICONS,
  CONTENT_LIMITS,
  serviceFieldsSchema,
  type AdminService,
} from '../../../shared/content';
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
import * as styles from './Admin.css';
import * as table from './AdminTable.css';

/** The advertising services of the home page's Advertising section. */
export function ServicesEditor() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.siteContent.services.list.invalidate(),
      utils.content.advertisingServices.invalidate(),
    ]);
  const { query, onPage, calls } = useContentList<AdminService>(trpc.siteContent.services, refresh);
  return (
    <ContentListSection
      title="Advertising services"
      lead="The services of the Advertising section, each with its features and a Popular badge if you choose."
      noun="service"
      plural="services"
      testId="services-editor"
      query={query}
      onPage={onPage}
      nameOf={(s) => s.title}
      calls={calls}
      columns={[
        {
          label: 'Service',
          primary: true,
          render: (s) => (
            <span className={table.strong}>
              {s.title}
              {s.isPopular ? <span className={table.muted}> · Popular</span> : null}
            </span>
          ),
        },
        { label: 'Icon', render: (s) => s.icon },
        { label: 'Features', render: (s) => s.features.length },
      ]}
      renderForm={(editing, done) => <ServiceForm editing={editing} done={done} refresh={refresh} />}
    />
  );
}

function ServiceForm(props: ContentFormProps<AdminService>) {
  const { editing } = props;
  const ids = useId();
  const create = trpc.siteContent.services.create.useMutation();
  const update = trpc.siteContent.services.update.useMutation();
  const { form, submit } = useContentForm({
    initial: {
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      features: editing?.features.join('\n') ?? '',
      icon: editing?.icon ?? ADVERTISING_ICONS[0],
      isPopular: editing?.isPopular ? 'true' : '',
    },
    schema: serviceFieldsSchema,
    input: (v) => ({
      ...v,
      // One feature a line; blank lines are left out.
      features: v.features
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      isPopular: v.isPopular === 'true',
    }),
    ...props,
    create: create.mutateAsync,
    update: update.mutateAsync,
    noun: 'service',
  });
  return (
    <form className={fieldStyles.stack} onSubmit={submit} noValidate>
      <TextField
        id={`${ids}-title`}
        label="Title"
        required
        maxLength={CONTENT_LIMITS.title}
        {...form.field('title')}
        error={form.errors.title}
      />
      <TextAreaField
        id={`${ids}-description`}
        label="Description"
        required
        maxLength={CONTENT_LIMITS.description}
        {...form.field('description')}
        error={form.errors.description}
      />
      <TextAreaField
        id={`${ids}-features`}
        label="Features"
        hint={`One a line, at most ${CONTENT_LIMITS.features}.`}
        {...form.field('features')}
        error={form.errors.features}
      />
      <div className={fieldStyles.field}>
        <label htmlFor={`${ids}-icon`} className={fieldStyles.label}>
          Icon
        </label>
        <select id={`${ids}-icon`} className={fieldStyles.control.panel} {...form.field('icon')}>
          {ADVERTISING_ICONS.map((icon) => (
            <option key={icon} value={icon}>
              {icon}
            </option>
          ))}
        </select>
      </div>
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={form.values.isPopular === 'true'}
          onChange={(e) => form.setValue('isPopular', e.target.checked ? 'true' : '')}
        />
        Show a Popular badge
      </label>
      <ContentFormActions editing={editing !== null} busy={form.submitting} onCancel={props.done} />
    </form>
  );
}
