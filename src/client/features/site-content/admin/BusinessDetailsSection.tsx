import { useEffect, useId } from 'react';
import { BUSINESS_DETAILS_SEED, type BusinessDetails } from '../../../../shared/business';
import { BUSINESS_LIMITS, businessDetailsSchema } from '../../../../shared/business.schema';
import { EMAIL_MAX_LENGTH } from '../../../../shared/email';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/form/TextField';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { tableStyles as styles } from '../../../components/admin';

/**
 * How visitors reach the business: the contact section, the footers, the legal pages,
 * the search engines' card and the e-mails all show what is saved here, at once.
 */
export function BusinessDetailsSection() {
  const ids = useId();
  const utils = trpc.useUtils();
  const details = trpc.content.business.useQuery();
  const save = trpc.siteContent.updateBusiness.useMutation();
  const form = useSchemaForm<Record<keyof BusinessDetails, string>, typeof businessDetailsSchema>({
    initial: { ...BUSINESS_DETAILS_SEED },
    schema: businessDetailsSchema,
  });
  const { reset } = form;
  useEffect(() => {
    if (details.data) reset({ ...details.data });
  }, [details.data, reset]);

  const submit = form.submit({
    onValid: async (fields) => {
      try {
        const saved = await save.mutateAsync(fields);
        utils.content.business.setData(undefined, saved);
        toast({ title: 'Business details saved', description: 'The site shows them from now on.' });
      } catch (error) {
        toast({
          title: 'Could not save the business details',
          description: serverMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
      }
    },
  });

  const text = (name: keyof BusinessDetails, label: string, max: number, extra: object = {}) => (
    <TextField
      id={`${ids}-${name}`}
      label={label}
      maxLength={max}
      {...extra}
      {...form.field(name)}
      error={form.errors[name]}
    />
  );

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Business details
        </h2>
        <p className={styles.lead}>
          Shown in the contact section, the footer, the privacy policy and terms, the academy&apos;s pages and
          emails, and given to search engines.
        </p>
      </div>
      <form className={styles.detailsGrid} onSubmit={submit} noValidate aria-busy={details.isPending}>
        {text('email', 'Email', EMAIL_MAX_LENGTH, { type: 'email', required: true })}
        {text('phone', 'Phone', BUSINESS_LIMITS.phone, { type: 'tel', required: true })}
        {text('streetAddress', 'Street address', BUSINESS_LIMITS.streetAddress, {
          hint: 'Optional: leave empty to show only the town.',
        })}
        {text('town', 'Town', BUSINESS_LIMITS.town, { required: true })}
        {text('county', 'County', BUSINESS_LIMITS.county, { required: true })}
        {text('postcode', 'Postcode', BUSINESS_LIMITS.postcode)}
        {text('officeHours', 'Office hours', BUSINESS_LIMITS.officeHours, {
          required: true,
          hint: 'As the contact section words them, e.g. Monday to Friday, 9am to 5:30pm',
        })}
        {text('academyEmail', "Academy's email", EMAIL_MAX_LENGTH, { type: 'email', required: true })}
        <div>
          <Button type="submit" disabled={form.submitting || details.isPending}>
            {form.submitting ? 'Saving...' : 'Save details'}
          </Button>
        </div>
      </form>
    </section>
  );
}
