import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { serverMessage } from '../../lib/api';
import type { AdminListColumn } from './AdminList';
import * as styles from './AdminTable.css';

// What the admin lists of items visitors see or not (the home page's content lists, the episodes)
// share: the Shown column, the Hide/Show button, and a change that says how it went.

/** 'episode' -> 'Episode', for a message that starts with the noun. */
export const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** The Shown column: Shown or Hidden. */
export function shownColumn<T extends { visible: boolean }>(): AdminListColumn<T> {
  return {
    label: 'Shown',
    render: (item) => (
      <span className={item.visible ? styles.pill.replied : styles.pill.archived}>
        {item.visible ? 'Shown' : 'Hidden'}
      </span>
    ),
  };
}

/** Runs a change, then says it is done (`done`) or why it failed (`failed` and the server's words). */
export function useToastedChange() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await work();
      toast({ title: done });
    } catch (error) {
      toast({
        title: failed,
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Hide or Show: takes the item off the site or puts it back, and says so. */
export function VisibilityButton({
  visible,
  name,
  noun,
  disabled,
  run,
  setVisible,
}: {
  visible: boolean;
  /** How the button names the item: 'Hide Newsletter Advertising'. */
  name: string;
  /** 'episode': the messages' word for one item. */
  noun: string;
  disabled?: boolean;
  run: ReturnType<typeof useToastedChange>['run'];
  setVisible: (visible: boolean) => Promise<unknown>;
}) {
  const Noun = capitalised(noun);
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={disabled}
      aria-label={`${visible ? 'Hide' : 'Show'} ${name}`}
      onClick={() =>
        void run(
          () => setVisible(!visible),
          visible ? `${Noun} hidden from the site` : `${Noun} shown on the site`,
          `Could not change the ${noun}`,
        )
      }
    >
      {visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
      {visible ? 'Hide' : 'Show'}
    </Button>
  );
}
