import { useId } from 'react';
import {
  CONTENT_LIMITS,
  PARTNERS_SHOWN,
  partnerFieldsSchema,
  type AdminPartner,
} from '../../../shared/content';
import { TextField } from '../../components/ui/form/TextField';
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

/** The partner organisations whose logos the home page shows. */
export function PartnersEditor() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.siteContent.partners.list.invalidate(), utils.content.partners.invalidate()]);
  const { query, onPage, calls } = useContentList<AdminPartner>(trpc.siteContent.partners, refresh);
  return (
    <ContentListSection
      title="Partner organisations"
      lead={`The home page shows the logos of the first ${PARTNERS_SHOWN} shown here.`}
      noun="partner"
      plural="partners"
      testId="partners-editor"
      query={query}
      onPage={onPage}
      nameOf={(p) => p.name}
      calls={calls}
      columns={[
        {
          label: 'Partner',
          primary: true,
          render: (p) => (
            <span className={styles.uploadRow}>
              <img src={p.logoUrl} alt="" className={styles.thumbnail} />
              <span className={table.strong}>{p.name}</span>
            </span>
          ),
        },
        {
          label: 'Link',
          render: (p) =>
            p.linkUrl ? (
              <span className={table.truncate}>{p.linkUrl}</span>
            ) : (
              <span className={table.muted}>None</span>
            ),
        },
      ]}
      renderForm={(editing, done) => <PartnerForm editing={editing} done={done} refresh={refresh} />}
    />
  );
}

function PartnerForm(props: ContentFormProps<AdminPartner>) {
  const { editing } = props;
  const ids = useId();
  const create = trpc.siteContent.partners.create.useMutation();
  const update = trpc.siteContent.partners.update.useMutation();
  const { form, submit } = useContentForm({
    initial: { name: editing?.name ?? '', logoUrl: editing?.logoUrl ?? '', linkUrl: editing?.linkUrl ?? '' },
    schema: partnerFieldsSchema,
    blank: { logoUrl: 'Please upload the logo' },
    ...props,
    create: create.mutateAsync,
    update: update.mutateAsync,
    noun: 'partner',
  });
  return (
    <form className={fieldStyles.stack} onSubmit={submit} noValidate>
      <TextField
        id={`${ids}-name`}
        label="Name"
        hint="Also the logo's description for people who cannot see it."
        required
        maxLength={CONTENT_LIMITS.name}
        {...form.field('name')}
        error={form.errors.name}
      />
      <ImageUploadField
        id={`${ids}-logo`}
        label="Logo"
        alt={`Logo of ${form.values.name || 'the partner'}`}
        value={form.values.logoUrl}
        onChange={(path) => form.setValue('logoUrl', path)}
        error={form.errors.logoUrl}
      />
      <TextField
        id={`${ids}-link`}
        label="Website"
        type="url"
        inputMode="url"
        hint="Optional: the logo then links to it (https://...)."
        maxLength={CONTENT_LIMITS.url}
        {...form.field('linkUrl')}
        error={form.errors.linkUrl}
      />
      <ContentFormActions editing={editing !== null} busy={form.submitting} onCancel={props.done} />
    </form>
  );
}
