// Examples for request bodies and success responses, so the docs page shows a filled-in body for
// every operation. Each is built from the schema: a schema's own `example` (from Zod's
// `.meta({ example })` in src/shared) wins; otherwise one is composed from its properties.
// tests/api/rest-contract.test.ts checks every example against its schema.

type Schema = Record<string, unknown>;

function resolve(schema: Schema, doc: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return current;
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[
        part.replace(/~1/g, '/').replace(/~0/g, '~')
      ];
    }
    current = (target as Schema | undefined) ?? {};
  }
  return current;
}

/**
 * Realistic values by field name, used where a schema has no example of its own and the value fits
 * it (pattern, lengths, range). New fields with these names get readable examples for nothing.
 */
const FIELD_EXAMPLES: Record<string, unknown> = {
  id: 42,
  email: 'jo.bloggs@example.co.uk',
  customerEmail: 'sam.parent@example.co.uk',
  parentEmail: 'sam.parent@example.co.uk',
  name: 'Jo Bloggs',
  parentName: 'Sam Parent',
  childName: 'Alex Parent',
  childAge: 12,
  parentMobile: '07700 900123',
  phone: '01992 555 010',
  academyEmail: 'academy@example.co.uk',
  streetAddress: '12 Fore Street',
  town: 'Hertford',
  county: 'Hertfordshire',
  postcode: 'SG14 1AB',
  officeHours: 'Monday to Friday, 9am to 5:30pm',
  password: 'Mulberry-Court-Tea-6',
  newPassword: 'Kestrel-Quarry-Bramble-5',
  token: 'q3b7c2zx5w4nr6ty2mk8ld9pfj0hsa1e',
  authToken: 'q3b7c2zx5w4nr6ty2mk8ld9pfj0hsa1e',
  title: 'Spring fair in Bishop’s Stortford',
  excerpt: 'Stalls, music and local food on the Causeway.',
  content: '<h2>Come along</h2><p>Saturday from <strong>10am</strong>.</p>',
  category: 'Events',
  subject: 'Advertising in the Hertstown newsletter',
  message: 'Hello, we would like to advertise our bakery in your next issue.',
  preview: 'Hello, we would like to advertise our bakery in your next issue.',
  description: 'A short description, shown under the title.',
  location: 'Hertford',
  imageUrl: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567',
  objectPath: '/objects/uploads/abcdefghijklmnopqrstuvwxyz234567',
  uploadURL:
    'https://hertslocalmedia.co.uk/api/objects/uploads/abcdefghijklmnopqrstuvwxyz234567?expires=1761926400000&signature=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  clientSecret: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
  audioUrl: 'https://media.example.co.uk/episodes/42.mp3',
  spotifyUrl: 'https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk',
  planName: 'AI Innovator',
  episodeNumber: 7,
  total: 1,
  page: 1,
  pageSize: 20,
  uptimeSeconds: 86400,
  type: 'advertising',
  status: 'new',
  createdAt: '2025-10-31T16:00:00.000Z',
  updatedAt: '2025-10-31T16:00:00.000Z',
  publishedAt: '2025-10-31T16:00:00.000Z',
  confirmedAt: '2025-10-31T16:00:00.000Z',
  expiresAt: '2025-10-31T16:15:00.000Z',
};

/** Whether a value satisfies the simple constraints of a (resolved) schema. */
function fits(schema: Schema, value: unknown): boolean {
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    return [schema.type].flat().includes('string');
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
    if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
    return [schema.type].flat().some((t) => t === 'integer' || t === 'number');
  }
  return false;
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2025-10-31T16:00:00.000Z',
  date: '2025-10-31',
  email: 'jo.bloggs@example.co.uk',
  uri: 'https://hertslocalmedia.co.uk/',
  url: 'https://hertslocalmedia.co.uk/',
  uuid: '0b4e6a52-6f51-4bb2-9c67-0a4b2ec2a9b1',
};

function hasOwnExample(schema: Schema): boolean {
  return (
    'example' in schema ||
    (Array.isArray(schema.examples) && schema.examples.length > 0) ||
    'default' in schema
  );
}

/** An example value for a schema of the document, or undefined when none can be made. */
export function exampleFor(schemaIn: unknown, doc: Schema, depth = 0): unknown {
  if (!schemaIn || typeof schemaIn !== 'object' || depth > 12) return undefined;
  const schema = resolve(schemaIn as Schema, doc);
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) {
      const nonNull = variants.filter((v) => (v as Schema).type !== 'null');
      return exampleFor(nonNull[0] ?? variants[0], doc, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => exampleFor(part, doc, depth + 1));
    return Object.assign({}, ...parts.filter((p) => p && typeof p === 'object'));
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const example: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        const resolved = resolve(property, doc);
        // Optional fields appear when their schema offers a value of its own (an honeypot never does).
        if (!required.has(name) && !hasOwnExample(resolved)) continue;
        const byName = FIELD_EXAMPLES[name];
        const nonNull = { ...resolved, type: [resolved.type].flat().filter((t) => t !== 'null') };
        const value =
          !hasOwnExample(resolved) && byName !== undefined && fits(nonNull, byName)
            ? byName
            : exampleFor(property, doc, depth + 1);
        if (value !== undefined) example[name] = value;
      }
      return example;
    }
    case 'array': {
      const item = exampleFor(schema.items, doc, depth + 1);
      if (item === undefined) return [];
      const count = Math.max(1, Number(schema.minItems ?? 1));
      return Array.from({ length: count }, () => item);
    }
    case 'string': {
      const format = typeof schema.format === 'string' ? STRING_FORMATS[schema.format] : undefined;
      if (format) return format;
      const min = Number(schema.minLength ?? 0);
      return min > 6 ? 'x'.repeat(min) : 'string';
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
      return 1 >= min && 1 <= max ? 1 : Number.isFinite(min) ? min : max;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

const BINARY = /^(audio|image|video)\/|^application\/octet-stream$|^multipart\//;

/** Adds an example to every request body and success response that has none. */
export function addExamples(doc: Schema): void {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Schema>>;
  for (const item of Object.values(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const contents: Array<Record<string, Schema>> = [];
      const body = operation.requestBody as { content?: Record<string, Schema> } | undefined;
      if (body?.content) contents.push(body.content);
      for (const [status, response] of Object.entries(
        (operation.responses ?? {}) as Record<string, { content?: Record<string, Schema> }>,
      )) {
        if (/^2\d\d$/.test(status) && response.content) contents.push(response.content);
      }
      for (const content of contents) {
        for (const [mediaType, media] of Object.entries(content)) {
          if (BINARY.test(mediaType) || 'example' in media || 'examples' in media) continue;
          const example = exampleFor(media.schema, doc);
          if (example !== undefined) media.example = example;
        }
      }
    }
  }
}
