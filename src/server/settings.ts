import { z } from 'zod';

/**
 * What an operator reads about one setting. Each program's config keeps one per field of
 * its schema, beside it; `--help` and the settings tables of README.md are made from them
 * (a test holds the README to them), so the words, the variable and the parsed default
 * cannot part ways.
 */
export interface SettingDoc {
  /** The environment variable. */
  env: string;
  /** What it does; `code` in backticks, as in the README. */
  meaning: string;
  /**
   * Words for the default where the schema's own is not the whole story, or it has none;
   * a schema default must appear in them (tested).
   */
  defaultText?: string;
  /** A secret that may come from the file named by `<env>_FILE` (Docker secrets) instead. */
  fromFile?: true;
}

/** One setting as help and the README show it. */
export interface SettingRow {
  /** The variables it is read from: `NAME`, and `NAME_FILE` for a secret. */
  names: string[];
  /** The default in words, `code` in backticks. */
  default: string;
  meaning: string;
  /** What the schema fills in when the variable is unset (before any transform). */
  schemaDefault: unknown;
}

/**
 * The value `.default()` gives a field, found by walking its wrappers: a preprocess or a
 * transform is a pipe, whose input side is asked first, so `.default('0').transform(...)`
 * answers `'0'`, the value as an operator would write it.
 */
function defaultOf(schema: z.core.$ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return defaultOf(schema.in) ?? defaultOf(schema.out);
  if (schema instanceof z.ZodOptional) return defaultOf(schema.unwrap());
  return undefined;
}

/** An empty list is no default worth naming: nothing set. */
const named = (value: unknown): boolean =>
  value !== undefined && !(Array.isArray(value) && value.length === 0);

function defaultWords(field: z.ZodType, doc: SettingDoc, value: unknown): string {
  if (doc.defaultText !== undefined) return doc.defaultText;
  if (named(value)) return `\`${String(value)}\``;
  return field.safeParse(undefined).success ? 'unset' : 'required';
}

/** The rows of a config, in the order of its docs. */
export function settingRows<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  docs: { readonly [K in keyof Shape]: SettingDoc },
): SettingRow[] {
  return (Object.keys(docs) as (keyof Shape & string)[]).map((key) => {
    const doc = docs[key];
    const field = schema.shape[key] as z.ZodType;
    const value = defaultOf(field);
    return {
      names: doc.fromFile ? [doc.env, `${doc.env}_FILE`] : [doc.env],
      default: defaultWords(field, doc, value),
      meaning: doc.meaning,
      schemaDefault: named(value) ? value : undefined,
    };
  });
}

/** Backticks mark code in the README; a terminal shows the text bare. */
export const plain = (text: string): string => text.replaceAll('`', '');

const WIDTH = 88;
const INDENT = '      ';

function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && INDENT.length + line.length + 1 + word.length > WIDTH) {
      lines.push(INDENT + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, INDENT + line];
}

/** A setting in `--help`: its names and default on one line, its meaning below. */
const helpEntry = (row: SettingRow): string =>
  [`  ${row.names.join(', ')} (default: ${plain(row.default)})`, ...wrap(plain(row.meaning))].join(
    '\n',
  );

/** A titled group of settings in `--help`. */
export const helpSection = (title: string, rows: readonly SettingRow[]): string =>
  [`${title}:`, ...rows.map(helpEntry)].join('\n');

/** A setting as a row of README.md's tables: the cells, trimmed. */
export const readmeCells = (row: SettingRow): [string, string, string] => [
  row.names.map((n) => `\`${n}\``).join(' / '),
  row.default,
  row.meaning,
];

/**
 * The command line of a program whose settings are all environment variables. `--help` (or
 * `-h`) prints `help()`; any other argument is named in an error that points to `--help`,
 * and the exit code becomes 2. Either way nothing has started, and the answer is false:
 * the caller returns and the process ends. True: no arguments, start the program.
 */
export async function answerCommandLine(
  args: readonly string[],
  helpCommand: string,
  help: () => string | Promise<string>,
): Promise<boolean> {
  const unknown = args.find((a) => a !== '--help' && a !== '-h');
  if (unknown !== undefined) {
    console.error(
      `unknown argument ${JSON.stringify(unknown)}: the only one taken is --help (or -h); the settings are environment variables, listed by \`${helpCommand}\``,
    );
    process.exitCode = 2;
    return false;
  }
  if (args.length === 0) return true;
  console.log(await help());
  return false;
}

/** A bearer token that opens a server's `/metrics` to other machines (both programs). */
export const metricsTokenSchema = z
  .string()
  .min(16, { error: 'must be at least 16 characters' })
  .max(1024, { error: 'must be at most 1024 characters' })
  .optional();

/** The doc of a metrics token setting; `more` ends its meaning (a file to read it from). */
export const metricsTokenDoc = (env: string, more = '') => ({
  env,
  defaultText: 'unset: loopback clients only',
  meaning: `\`/metrics\` (Prometheus) is served to any address whose request carries \`Authorization: Bearer <token>\` (at least 16 characters), and only to it${more}`,
});

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL as both programs read it. */
export const logLevelSchema = z
  .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
  .default('info');

/** The doc of LOG_LEVEL, for both programs' settings tables. */
export const LOG_LEVEL_DOC = {
  env: 'LOG_LEVEL',
  meaning: `the least severe log lines written: ${LOG_LEVELS.map((l) => `\`${l}\``).join(', ')} (\`silent\`: none)`,
};
