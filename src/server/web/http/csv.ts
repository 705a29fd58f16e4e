/**
 * One CSV cell. A cell that a spreadsheet would read as a formula (= + - @, or a leading tab or
 * carriage return) gets a leading apostrophe, so opening the export can never run anything; and
 * every cell is quoted (RFC 4180), so a spreadsheet whose locale separates fields with ';' cannot
 * split a value into a new cell that starts with '='.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
