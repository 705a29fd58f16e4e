import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isTable, type Table } from 'drizzle-orm';
import drizzleConfig from '../../drizzle.config';

/** The files drizzle.config.ts makes migrations from: the platform's tables and each domain's tables.ts. */
function tableFiles(): string[] {
  const patterns = [drizzleConfig.schema ?? []].flat();
  return patterns.flatMap((pattern) => {
    const [before, after] = pattern.split('*');
    if (after === undefined) return [path.resolve(pattern)];
    return fs
      .readdirSync(before!)
      .map((name) => path.resolve(before!, name, `.${after}`))
      .filter((file) => fs.existsSync(file));
  });
}

/** Every table of the schema, whichever tables.ts it is declared in. */
export async function schemaTables(): Promise<Table[]> {
  const modules = await Promise.all(
    tableFiles().map((file) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((module) => Object.values(module).filter((value): value is Table => isTable(value)));
}
