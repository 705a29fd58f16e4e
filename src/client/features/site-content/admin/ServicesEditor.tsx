import {
  ADVERTISING_ICONS,
  CONTENT_LIMITS,
  serviceFieldsSchema,
  type AdminService,
} from '../../../../shared/content';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { trpc } from '../../../lib/trpc';
import { serviceIcon } from '../../home';
import {
  ContentForm,
  useContentListForm,
  valuesOf,
  type ContentFormProps,
  ContentListSection,
  useContentList,
  adminStyles as styles,
  tableStyles as table,
} from '../../../components/admin';

/** The advertising services of the home page's Advertising section. */
export function ServicesEditor() {
  const list = useContentList<AdminService>(trpc.siteContent.services, (utils) => [
    utils.siteContent.services.list,
    utils.content.advertisingServices,
  ]);
  return (
    <ContentListSection
      {...list}
      title="Advertising services"
      lead="The services of the Advertising section, each with its features and a Popular badge if you choose."
      noun="service"
      plural="services"
      testId="services-editor"
      nameOf={(s) => s.title}
      form={ServiceForm}
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
        {
          label: 'Icon',
          // The icon itself, as the home page shows it, named for a screen reader.
          render: (s) => {
            const Icon = serviceIcon(s.icon);
            return <Icon size={20} role="img" aria-label={s.icon} />;
          },
        },
        { label: 'Features', render: (s) => s.features.length },
      ]}
    />
  );
}

function ServiceForm(props: ContentFormProps<AdminService>) {
  const { editing } = props;
  const { form, frame } = useContentListForm({
    api: trpc.siteContent.services,
    initial: {
      ...valuesOf(editing, ['title', 'description']),
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
    noun: 'service',
  });
  const icon = form.control('icon');
  return (
    <ContentForm {...frame}>
      <TextField label="Title" required maxLength={CONTENT_LIMITS.title} {...form.control('title')} />
      <TextAreaField
        label="Description"
        required
        maxLength={CONTENT_LIMITS.description}
        {...form.control('description')}
      />
      <TextAreaField
        label="Features"
        hint={`One a line, at most ${CONTENT_LIMITS.features}.`}
        {...form.control('features')}
      />
      <div className={fieldStyles.field}>
        <label htmlFor={icon.id} className={fieldStyles.label}>
          Icon
        </label>
        <select id={icon.id} className={fieldStyles.control.panel} {...form.field('icon')}>
          {ADVERTISING_ICONS.map((name) => (
            <option key={name} value={name}>
              {name}
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
    </ContentForm>
  );
}
