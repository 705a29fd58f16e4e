import { CalendarDays, Clock, MapPin, Users, Video } from 'lucide-react';
import { WORKSHOP_AGES } from '../../../shared/workshop';
import type { PublicWorkshopSession } from '../../../shared/workshop.schema';
import * as styles from './WorkshopFacts.css';

/** The session's date, time, place and places left; or that the next date is coming soon. */
export function WorkshopFacts({ session }: { session: PublicWorkshopSession | null }) {
  if (!session) {
    return (
      <ul className={styles.facts} aria-label="Workshop details">
        <li className={styles.fact}>
          <CalendarDays size={22} aria-hidden="true" className={styles.factIcon} />
          <span>
            <span className={styles.factLabel}>Next date</span> Coming soon: leave your details below and we
            will offer your child a place as soon as it is set
          </span>
        </li>
        <li className={styles.fact}>
          <Users size={22} aria-hidden="true" className={styles.factIcon} />
          <span>
            <span className={styles.factLabel}>Who</span> Children aged {WORKSHOP_AGES.min}-
            {WORKSHOP_AGES.max}, in a small group
          </span>
        </li>
      </ul>
    );
  }
  const DeliveryIcon = session.delivery === 'in_person' ? MapPin : Video;
  return (
    <ul className={styles.facts} aria-label="Workshop details" data-testid="workshop-session">
      <li className={styles.fact}>
        <CalendarDays size={22} aria-hidden="true" className={styles.factIcon} />
        <span>
          <span className={styles.factLabel}>Date</span> {session.dateLabel}
        </span>
      </li>
      <li className={styles.fact}>
        <Clock size={22} aria-hidden="true" className={styles.factIcon} />
        <span>
          <span className={styles.factLabel}>Time</span> {session.timeLabel}
        </span>
      </li>
      <li className={styles.fact}>
        <DeliveryIcon size={22} aria-hidden="true" className={styles.factIcon} />
        <span>
          <span className={styles.factLabel}>Where</span> {session.deliveryLabel}
          {session.delivery === 'video_call' ? ', joined from home' : ''}
        </span>
      </li>
      <li className={styles.fact}>
        <Users size={22} aria-hidden="true" className={styles.factIcon} />
        <span data-testid="workshop-places">
          <span className={styles.factLabel}>Places</span>{' '}
          {session.placesLeft === 0
            ? 'Full: no places left'
            : `${session.placesLeft} of ${session.capacity} places left`}
          , ages {WORKSHOP_AGES.min}-{WORKSHOP_AGES.max}
        </span>
      </li>
    </ul>
  );
}
