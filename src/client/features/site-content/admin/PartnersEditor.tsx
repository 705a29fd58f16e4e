import {
  CONTENT_LIMITS,
  PARTNERS_SHOWN,
  partnerFieldsSchema,
  type AdminPartner,
} from '../../../../shared/content';
import { TextField } from '../../../components/ui/form/TextField';
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

/** The partner organisations whose logos the home page shows. */
export function PartnersEditor() {
  const list = useContentList<AdminPartner>(trpc.siteContent.partners, (utils) => [
    utils.siteContent.partners.list,
    utils.content.partners,
  ]);
  return (
    <ContentListSection
      {...list}
      title="Partner organisations"
      lead={`The home page shows the logos of the first ${PARTNERS_SHOWN} shown here.`}
      noun="partner"
      plural="partners"
      testId="partners-editor"
      nameOf={(p) => p.name}
      form={PartnerForm}
      columns={[
        {
          label: 'Partner',
          primary: true,
          render: (p) => (
            <span className={table.thumbRow}>
              <img src={p.logoUrl} alt="" className={table.rowThumbnail} />
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
    />
  );
}

function PartnerForm(props: ContentFormProps<AdminPartner>) {
  const { form, frame } = useContentListForm({
    api: trpc.siteContent.partners,
    initial: valuesOf(props.editing, ['name', 'logoUrl', 'linkUrl']),
    schema: partnerFieldsSchema,
    blank: { logoUrl: 'Please upload the logo' },
    ...props,
    noun: 'partner',
  });
  return (
    <ContentForm {...frame}>
      <TextField
        label="Name"
        hint="Also the logo's description for people who cannot see it."
        required
        maxLength={CONTENT_LIMITS.name}
        {...form.control('name')}
      />
      <ImageUploadField
        label="Logo"
        alt={`Logo of ${form.values.name || 'the partner'}`}
        {...form.valueControl('logoUrl')}
      />
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        hint="Optional: the logo then links to it (https://...)."
        maxLength={CONTENT_LIMITS.url}
        {...form.control('linkUrl')}
      />
    </ContentForm>
  );
}
