import { Download } from 'lucide-react';
import { useState } from 'react';
import type { AnalyticsPeriodInput } from '../../../../shared/analytics.schema';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { downloadFile, serverMessage } from '../../../lib/api';
import { filterParams } from './dashboard-url';
import type { Filter } from './figure-text';

/** The period and filter as the REST routes take them. */
export function exportQuery(period: AnalyticsPeriodInput, filters: Filter[]): string {
  const q = new URLSearchParams({ period: period.period });
  if (period.period === 'custom') {
    if (period.from) q.set('from', period.from);
    if (period.to) q.set('to', period.to);
  }
  for (const filter of filterParams(filters)) q.append('filters', filter);
  return q.toString();
}

/** Downloads every table, as a ZIP of CSV files, with the session, under the server's file name. */
function downloadAll(query: string): Promise<void> {
  return downloadFile(`/api/admin/analytics/export?${query}`, 'analytics.zip');
}

/** One export instead of a button a table: every table of the period (and filter) in one ZIP. */
export function ExportButton({ query }: { query: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      data-testid="analytics-export"
      onClick={() => {
        setBusy(true);
        downloadAll(query)
          .catch((error: unknown) =>
            toast({
              title: 'Download failed',
              description: serverMessage(error) ?? 'Please try again.',
              variant: 'destructive',
            }),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download size={16} aria-hidden="true" /> Download every table (ZIP of CSV)
    </Button>
  );
}
