import { useId, useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { adminStyles, tableStyles } from '../../../components/admin';
import { isThisBrowserLeftOut, leaveThisBrowserOut } from '../page-view';
import * as styles from './Analytics.css';

/**
 * The owner's own visits: never counted while signed in (the server sees the session), and, by
 * their choice, not from this browser when signed out either (a flag the pages read).
 */
export function OwnVisits() {
  const id = useId();
  const [leftOut, setLeftOut] = useState(isThisBrowserLeftOut);
  return (
    <div className={styles.ownVisits} data-testid="analytics-own-visits">
      <p className={tableStyles.lead}>
        Your own visits are not counted while you are signed in. To leave this browser out when you are signed
        out too, tick the box: it is remembered in this browser only (no cookie), so tick it in each browser
        you use.
      </p>
      <label className={adminStyles.checkRow} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className={adminStyles.checkbox}
          checked={leftOut}
          onChange={(e) => {
            try {
              leaveThisBrowserOut(e.target.checked);
              setLeftOut(e.target.checked);
            } catch {
              toast({
                title: 'Could not change this setting',
                description: 'This browser does not let the site remember it.',
                variant: 'destructive',
              });
            }
          }}
        />
        Don&apos;t count my visits from this browser
      </label>
    </div>
  );
}
