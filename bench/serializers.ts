/**
 * What writing an answer costs (decision 0042): `JSON.stringify` (the baseline, what routes without schemas did),
 * fast-json-stringify from the answer's schema (what routes do), and zod's parse first (the type provider's own
 * serializer), on answers shaped like the spec's reads: 50 events, 100 messages with senders, 8 members. One process,
 * 3,000 calls each after 300 to warm up, twice. Also checks that the schema's writer gives `JSON.stringify`'s bytes.
 */
import { randomUUID } from 'node:crypto';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { eventSchema, familyMemberSchema, messageWithSenderSchema } from '../schema/index.ts';
import { responseJsonSchema } from '../sync-server/plugins/route-schemas.ts';

const now = new Date().toISOString();
const person = () => ({
  id: randomUUID(),
  username: 'margaret',
  firstName: 'Margaret',
  lastName: 'Smith',
  profileImageUrl: null,
  birthday: '--05-03',
});
const events = Array.from({ length: 50 }, () => ({
  id: randomUUID(),
  familyId: randomUUID(),
  createdById: randomUUID(),
  title: "Grandma's birthday lunch at the lake",
  description: 'Bring a dish. We meet at noon by the boathouse.',
  startDate: now,
  endDate: null,
  location: 'The lake',
  timeZone: 'Europe/London',
  allDay: false,
  createdAt: now,
  createdBy: person(),
}));
const messages = Array.from({ length: 100 }, (_, index) => ({
  id: randomUUID(),
  familyId: randomUUID(),
  senderId: randomUUID(),
  number: index + 1,
  content: 'See you all on Sunday! Bring the photos from last summer.',
  messageType: 'text',
  photoId: null,
  createdAt: now,
  deletedAt: null,
  sender: person(),
}));
const members = Array.from({ length: 8 }, () => ({
  id: randomUUID(),
  familyId: randomUUID(),
  userId: randomUUID(),
  role: 'member',
  relationshipType: 'child',
  joinedAt: now,
  user: person(),
}));

function microseconds(write: () => string): number {
  for (let call = 0; call < 300; call += 1) write();
  const start = process.hrtime.bigint();
  for (let call = 0; call < 3000; call += 1) write();
  return Number(process.hrtime.bigint() - start) / 3000 / 1000;
}

const answers: [string, z.ZodType, unknown][] = [
  ['50 events', z.array(eventSchema), events],
  ['100 messages', z.array(messageWithSenderSchema), messages],
  ['8 members', z.array(familyMemberSchema), members],
];
console.log(
  'Writing an answer, µs per call: JSON.stringify (baseline) / from its schema (what runs) / zod parse first',
);
for (const [name, schema, answer] of answers) {
  const fromSchema = fastJsonStringify(responseJsonSchema(schema));
  if (fromSchema(answer) !== JSON.stringify(answer)) throw new Error(`${name}: the schema's writer differs`);
  for (let round = 0; round < 2; round += 1) {
    const baseline = microseconds(() => JSON.stringify(answer));
    const ours = microseconds(() => fromSchema(answer));
    const zod = microseconds(() => JSON.stringify(schema.parse(answer)));
    console.log(
      `  ${name}: ${baseline.toFixed(1)} / ${ours.toFixed(1)} (${(ours / baseline).toFixed(2)}×) / ${zod.toFixed(1)} (${(zod / baseline).toFixed(2)}×)`,
    );
  }
}
