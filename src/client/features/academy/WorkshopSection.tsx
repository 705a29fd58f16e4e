import { ACADEMY_SECTIONS } from '../../../shared/academy';
import { WORKSHOP_AGES } from '../../../shared/workshop';
import { trpc } from '../../lib/trpc';
import { AcademySection } from './AcademySection';
import { WorkshopFacts, WorkshopForm } from '../workshops';
import * as styles from './WorkshopSection.css';

/** The academy page's free workshop: the next session's facts beside the form that reserves a place in it. */
export function WorkshopSection() {
  // Server-rendered with the page (AcademyPage.data.ts); null when no date is set.
  const next = trpc.workshops.next.useQuery();
  const session = next.data?.session ?? null;
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.workshop}
      tone="dark"
      eyebrow="Try it first, free"
      title="Reserve Your Free Workshop"
      lead={`A one-hour taster for children aged ${WORKSHOP_AGES.min}-${WORKSHOP_AGES.max}. Your child builds their first small AI project with one of our tutors, and you can see how we teach before choosing a plan.`}
    >
      <div className={styles.layout}>
        <div className={styles.details}>
          <WorkshopFacts session={session} />
          <p className={styles.note}>
            {session?.delivery === 'in_person'
              ? 'Your child will need a laptop or desktop computer. Sessions are for registered children only, led by a DBS-checked tutor, and a parent or carer signs your child in and out.'
              : 'Your child will need a laptop or desktop computer with a microphone; a webcam is optional. Sessions run in a private video room for registered children only, led by a DBS-checked tutor, and are never recorded. You are welcome to sit alongside your child.'}
          </p>
        </div>
        <WorkshopForm session={session} />
      </div>
    </AcademySection>
  );
}
