import { assignInlineVars } from '@vanilla-extract/dynamic';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/ui/Skeleton';
import { Pager } from '../../../components/admin';
import * as styles from './Analytics.css';

export interface FigureRow {
  key: string;
  /** The value the server knows it by (a country's code), for the filter. */
  value: string;
  /** What the row is of, as the screen names it (the filter's words: 'Source is Google'). */
  name: string;
  /** Beside the name, smaller (a source's kind). */
  note?: string;
  /** Its share of the whole, 0 to 1: the bar behind the row. */
  share: number;
  /** The figures, right-aligned under their columns. */
  cells: string[];
  /** False for a row that is no filter (conversions with no visit before). */
  choosable?: boolean;
}

/**
 * One table of the dashboard as Plausible lays them out: a compact row a value, a bar behind it
 * for its share, the figures right-aligned in their columns; the name is a button that filters
 * the whole dashboard by it (when `onChoose` is given). The server pages it.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  loading,
  failed,
  emptyText,
  onChoose,
  paging,
  testId,
}: {
  caption: string;
  /** The names' column, then the figures'. */
  columns: string[];
  rows: FigureRow[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  onChoose?: (row: FigureRow) => void;
  paging?: { page: number; pageSize: number; total: number; noun: string; onPage: (page: number) => void };
  testId?: string;
}): ReactNode {
  if (failed || !rows || rows.length === 0)
    return (
      <div data-testid={testId} data-layout="table" aria-busy={!failed && !rows}>
        {failed ? (
          <p className={styles.note}>Could not load these figures. Please try again.</p>
        ) : !rows ? (
          <Skeleton height="12rem" />
        ) : (
          <p className={styles.note}>{emptyText}</p>
        )}
      </div>
    );
  const [nameColumn, ...figureColumns] = columns;
  return (
    <div className={styles.figureTableBox} aria-busy={loading} data-testid={testId} data-layout="table">
      <table className={styles.figureTable}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.nameHead}>
              {nameColumn}
            </th>
            {figureColumns.map((c) => (
              <th key={c} scope="col" className={styles.figureHead}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={styles.figureRow} data-testid={testId ? `${testId}-row` : undefined}>
              <th scope="row" className={styles.nameCell}>
                <span
                  className={styles.bar}
                  style={assignInlineVars({
                    [styles.barShare]: `${Math.min(100, Math.max(0, row.share * 100))}%`,
                  })}
                  aria-hidden="true"
                />
                {onChoose && row.choosable !== false ? (
                  <button
                    type="button"
                    className={styles.rowButton}
                    onClick={() => onChoose(row)}
                    title={`Show only ${row.name}`}
                  >
                    {row.name}
                    {row.note ? <span className={styles.rowNote}> · {row.note}</span> : null}
                  </button>
                ) : (
                  <span className={styles.rowName}>
                    {row.name}
                    {row.note ? <span className={styles.rowNote}> · {row.note}</span> : null}
                  </span>
                )}
              </th>
              {row.cells.map((cell, i) => (
                <td key={figureColumns[i]} className={styles.figureCell}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {paging && paging.total > paging.pageSize ? <Pager {...paging} busy={loading} /> : null}
    </div>
  );
}
