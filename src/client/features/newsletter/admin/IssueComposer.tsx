import { ArrowLeft, CalendarPlus, Check, Eye, Mail, MailCheck, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { ISSUE_LIMITS } from '../../../../shared/newsletter-issues';
import { issueFieldsSchema, type Issue } from '../../../../shared/newsletter.schema';
import {
  ConfirmDialog,
  RichTextEditor,
  IMAGE_PICKER_ACCEPT,
  SaveStatus,
  useAutosave,
  useLeaveGuard,
  useUpload,
  adminStyles,
} from '../../../components/admin';
import { EmailPreview } from './EmailPreview';
import { IssueStatusPill } from './IssueStatus';
import { ScheduleDialog, ScheduledNote, SendNowDialog } from './SendDialogs';
import * as styles from './Issues.css';

/** The fields the admin writes, as the form holds them (text, untrimmed). */
interface IssueDraft {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

const EMPTY: IssueDraft = { subject: '', preheader: '', bodyHtml: '' };

const sameFields = (a: IssueDraft, b: IssueDraft) =>
  a.subject === b.subject && a.preheader === b.preheader && a.bodyHtml === b.bodyHtml;

function fieldsOf(issue: Issue | null): IssueDraft {
  return issue ? { subject: issue.subject, preheader: issue.preheader, bodyHtml: issue.bodyHtml } : EMPTY;
}

/**
 * Writing an issue: its subject, the preview line inboxes show after it, and its body in the posts'
 * editor; then a preview of the e-mail at a phone's and a desktop's width, a test to one address, and
 * sending it now or at a UK date and time. A scheduled issue reads as it will go, until its schedule is
 * cancelled. As in the post editor, a draft saves itself a few seconds after typing stops, and leaving
 * with changes not saved asks first.
 */
export function IssueComposer({
  issue,
  onOpen,
  onBack,
}: {
  issue: Issue | null;
  /** A new issue was saved: show it under its id from now on. */
  onOpen: (id: number) => void;
  onBack: () => void;
}) {
  const utils = trpc.useUtils();
  const ids = useId();
  const uploader = useUpload('image');
  const [fields, setFields] = useState<IssueDraft>(() => fieldsOf(issue));
  const [saved, setSaved] = useState<IssueDraft>(() => fieldsOf(issue));
  const [errors, setErrors] = useState<Partial<Record<keyof IssueDraft, string>>>({});
  const [previewOpen, setPreviewOpen] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [asking, setAsking] = useState<'send' | 'schedule' | 'delete' | null>(null);
  /** The draft a new issue's first save made: saving goes on into it, as the post editor does. */
  const draftId = useRef<number | null>(null);
  /** The write under way: the next waits for it, so an autosave and "Save draft" never make two issues. */
  const writing = useRef<Promise<unknown>>(Promise.resolve());
  const root = useRef<HTMLDivElement>(null);

  const create = trpc.newsletter.issueCreate.useMutation();
  const update = trpc.newsletter.issueUpdate.useMutation();
  const remove = trpc.newsletter.issueDelete.useMutation();
  const preview = trpc.newsletter.issuePreview.useMutation();
  const testSend = trpc.newsletter.issueTestSend.useMutation();
  const cancelSchedule = trpc.newsletter.issueCancelSchedule.useMutation();

  // Another issue opened, or this one saved and read back: start from what the server holds.
  const issueKey = issue ? `${issue.id}:${issue.status}` : 'new';
  useEffect(() => {
    const next = fieldsOf(issue);
    setFields(next);
    setSaved(next);
    draftId.current = null;
    // Only when another issue (or state) arrives: the fields are the admin's between those.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [issueKey]);

  const editable = issue === null || issue.status === 'draft';
  const dirty = !sameFields(fields, saved);
  const recipients = issue?.audience;
  const set = (name: keyof IssueDraft, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => (e[name] === undefined ? e : { ...e, [name]: undefined }));
  };

  const refresh = () => utils.newsletter.invalidate();
  const guard = useLeaveGuard(editable && dirty, root, 'issue');

  /** Writes the fields to the issue (or the autosaved draft), or makes a new one; resolves with its id. */
  const write = (values: IssueDraft): Promise<number> => {
    const next = writing.current
      .catch(() => undefined)
      .then(async () => {
        const id = issue?.id ?? draftId.current;
        const written =
          id !== null
            ? (await update.mutateAsync({ id, ...values })).id
            : (await create.mutateAsync(values)).id;
        if (!issue) draftId.current = written;
        return written;
      });
    writing.current = next;
    return next;
  };

  const [autosaveState, setAutosaveState] = useAutosave(fields, editable && dirty, () => {
    const checked = issueFieldsSchema.safeParse(fields);
    if (!editable || !dirty || !checked.success || create.isPending || update.isPending) return;
    const sent = fields;
    setAutosaveState({ state: 'saving' });
    write(checked.data)
      .then(() => {
        // A new issue stays "New" until saved by hand (which opens it), saving into its draft.
        setSaved(sent);
        setAutosaveState({ state: 'saved', at: new Date().toISOString() });
        void refresh();
      })
      .catch(() => setAutosaveState({ state: 'failed' }));
  });

  /** Saves the fields when they changed (creating the issue the first time); resolves with its id. */
  const save = async (quiet = false): Promise<number | null> => {
    // The server's own rules (a subject, a body, the limits), checked here first.
    const checked = issueFieldsSchema.safeParse(fields);
    if (!checked.success) {
      const found: Partial<Record<keyof IssueDraft, string>> = {};
      for (const problem of checked.error.issues) {
        const name = problem.path[0] as keyof IssueDraft;
        found[name] ??= problem.message;
      }
      setErrors(found);
      toast({
        title: 'Could not save the issue',
        description: Object.values(found)[0],
        variant: 'destructive',
      });
      return null;
    }
    if (issue && !dirty) return issue.id;
    try {
      const id = await write(checked.data);
      setSaved(fields);
      if (!quiet) toast({ title: issue ? 'Issue saved' : 'Draft saved' });
      await refresh();
      if (!issue) onOpen(id);
      return id;
    } catch (error) {
      toast({
        title: 'Could not save the issue',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
      return null;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save();
  };

  const openPreview = () => {
    setPreviewOpen(true);
    preview.mutate(fields);
  };

  const sendTest = async () => {
    const to = testTo.trim();
    if (to === '') {
      toast({
        title: 'Test not sent',
        description: 'Type the address to send the test to.',
        variant: 'destructive',
      });
      return;
    }
    try {
      await testSend.mutateAsync({ to, ...fields });
      toast({ title: 'Test sent', description: `A test of this issue is on its way to ${to}.` });
    } catch (error) {
      toast({
        title: 'Test not sent',
        description: serverMessage(error) ?? 'Please check the address and try again.',
        variant: 'destructive',
      });
    }
  };

  /** Saves first, then asks: the issue that goes is the one on the screen. */
  const ask = async (what: 'send' | 'schedule') => {
    if ((await save(true)) !== null) setAsking(what);
  };

  const unschedule = async () => {
    if (!issue) return;
    try {
      await cancelSchedule.mutateAsync({ id: issue.id });
      toast({ title: 'Schedule cancelled', description: 'The issue is a draft again.' });
      await refresh();
    } catch (error) {
      toast({
        title: 'Could not cancel the schedule',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const deleteDraft = async () => {
    if (!issue) return;
    try {
      await remove.mutateAsync({ id: issue.id });
      toast({ title: 'Draft deleted' });
      await refresh();
      onBack();
    } catch (error) {
      toast({
        title: 'Could not delete the draft',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const heading = (
    <h2 id={`${ids}-title`} className={adminStyles.panelTitle}>
      {issue ? (editable ? 'Edit newsletter issue' : 'Newsletter issue') : 'New newsletter issue'}
    </h2>
  );
  const saving = create.isPending || update.isPending;
  const busy = saving || uploader.uploading;
  return (
    <div ref={root} className={styles.stack}>
      <div className={styles.toolbar}>
        <Button variant="ghost" size="sm" onClick={() => guard.ask(onBack)}>
          <ArrowLeft size={16} aria-hidden="true" /> All issues
        </Button>
        {issue ? <IssueStatusPill status={issue.status} /> : null}
      </div>
      <div className={styles.columns}>
        <section className={adminStyles.panel} aria-labelledby={`${ids}-title`}>
          {editable ? <SaveStatus title={heading} status={autosaveState} dirty={dirty} /> : heading}
          <form className={fieldStyles.stack} onSubmit={onSubmit} noValidate aria-label="Newsletter issue">
            <TextField
              id="issue-subject"
              label="Subject"
              value={fields.subject}
              onChange={(e) => set('subject', e.target.value)}
              error={errors.subject}
              maxLength={ISSUE_LIMITS.subject}
              required
              readOnly={!editable}
            />
            <TextField
              id="issue-preheader"
              label="Preview line"
              hint="The short line most inboxes show after the subject."
              value={fields.preheader}
              onChange={(e) => set('preheader', e.target.value)}
              error={errors.preheader}
              maxLength={ISSUE_LIMITS.preheader}
              readOnly={!editable}
            />
            <div className={fieldStyles.field}>
              <span id={`${ids}-body`} className={fieldStyles.label}>
                Body
              </span>
              {editable ? (
                <RichTextEditor
                  id="issue-body"
                  labelledBy={`${ids}-body`}
                  value={fields.bodyHtml}
                  onChange={(html) => set('bodyHtml', html)}
                  onUploadImage={uploader.upload}
                  imageAccept={IMAGE_PICKER_ACCEPT}
                />
              ) : (
                <p className={styles.note}>The body is shown in the preview.</p>
              )}
              {errors.bodyHtml ? (
                <p className={fieldStyles.error} role="alert">
                  {errors.bodyHtml}
                </p>
              ) : null}
            </div>
            <div className={fieldStyles.actions}>
              {editable ? (
                <Button type="submit" disabled={busy || (issue !== null && !dirty)}>
                  <Check size={16} aria-hidden="true" />
                  {saving ? 'Saving...' : issue ? (dirty ? 'Save changes' : 'Saved') : 'Save draft'}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={openPreview} disabled={uploader.uploading}>
                <Eye size={16} aria-hidden="true" /> Preview
              </Button>
              {issue && issue.status === 'draft' ? (
                <Button variant="ghost" onClick={() => setAsking('delete')}>
                  <Trash2 size={16} aria-hidden="true" /> Delete draft
                </Button>
              ) : null}
            </div>
          </form>
        </section>

        <div className={styles.stack}>
          <section className={adminStyles.panel} aria-labelledby={`${ids}-test`}>
            <h2 id={`${ids}-test`} className={adminStyles.panelTitle}>
              Send a test
            </h2>
            <p className={styles.note}>Check the email in a real inbox before it goes to everyone.</p>
            <div className={styles.inline}>
              <TextField
                id="issue-test-to"
                label="Test address"
                type="email"
                autoComplete="email"
                placeholder="you@example.co.uk"
                value={testTo}
                onChange={(e) => setTestTo(e.target.value)}
              />
              <Button variant="outline" onClick={() => void sendTest()} disabled={testSend.isPending}>
                <MailCheck size={16} aria-hidden="true" /> {testSend.isPending ? 'Sending...' : 'Send test'}
              </Button>
            </div>
          </section>

          <section className={adminStyles.panel} aria-labelledby={`${ids}-send`}>
            <h2 id={`${ids}-send`} className={adminStyles.panelTitle}>
              Send to subscribers
            </h2>
            {issue?.status === 'scheduled' && issue.scheduledAt ? (
              <>
                <ScheduledNote at={issue.scheduledAt} />
                <div className={styles.buttons}>
                  <Button
                    variant="outline"
                    onClick={() => void unschedule()}
                    disabled={cancelSchedule.isPending}
                  >
                    Cancel schedule
                  </Button>
                </div>
              </>
            ) : (
              <>
                <p className={styles.note} data-testid="audience">
                  {issue === null
                    ? 'Save the draft, then send it now or schedule it.'
                    : recipients === undefined
                      ? 'Counting subscribers...'
                      : `Goes to ${recipients.toLocaleString('en-GB')} confirmed ${recipients === 1 ? 'subscriber' : 'subscribers'}.`}
                </p>
                <div className={styles.buttons}>
                  <Button onClick={() => void ask('send')} disabled={busy || issue?.status !== 'draft'}>
                    <Mail size={16} aria-hidden="true" /> Send now
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => void ask('schedule')}
                    disabled={busy || issue?.status !== 'draft'}
                  >
                    <CalendarPlus size={16} aria-hidden="true" /> Schedule
                  </Button>
                </div>
              </>
            )}
          </section>
        </div>
      </div>

      <Dialog
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        title="Email preview"
        description={fields.subject || 'No subject yet'}
        closeButton
        size="xl"
      >
        <EmailPreview
          html={preview.data?.html}
          loading={preview.isPending}
          problem={preview.isError ? (serverMessage(preview.error) ?? null) : undefined}
        />
      </Dialog>

      {guard.dialog}
      {issue ? (
        <>
          <SendNowDialog
            open={asking === 'send'}
            onOpenChange={(open) => setAsking(open ? 'send' : null)}
            issueId={issue.id}
            recipients={recipients}
            onSent={refresh}
          />
          <ScheduleDialog
            open={asking === 'schedule'}
            onOpenChange={(open) => setAsking(open ? 'schedule' : null)}
            issueId={issue.id}
            recipients={recipients}
            onScheduled={refresh}
          />
          <ConfirmDialog
            open={asking === 'delete'}
            onOpenChange={(open) => setAsking(open ? 'delete' : null)}
            title="Delete draft"
            description={`Delete the draft '${issue.subject}'? This cannot be undone.`}
            confirmLabel="Delete"
            onConfirm={() => void deleteDraft()}
          />
        </>
      ) : null}
    </div>
  );
}
