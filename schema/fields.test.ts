import { describe, expect, it } from 'vitest';
import { id, personName, username } from './fields.ts';
import { messages } from './messages.ts';
import { albumName, eventTitle, familyName } from './field-rules.ts';

describe('id', () => {
  it('takes a UUID as crypto.randomUUID() makes it', () => {
    const made = crypto.randomUUID();
    expect(id.parse(made)).toBe(made);
  });

  it('refuses the upper-case spelling of a valid UUID with the usual message', () => {
    const result = id.safeParse(crypto.randomUUID().toUpperCase());
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.invalidId]);
  });
});

describe('names and titles', () => {
  /** Every rule a name or a title is set through: a person's, a username, a family's, an album's, an event's. */
  const nameRules = { personName, username, familyName, albumName, eventTitle };

  it('take out what turns text around or hides in it, wherever a name is set', () => {
    const spoofs = [
      // Right-to-left override and embedding, isolates, marks: "Rose" that reads or sorts as something else.
      '\u202EesoR\u202C',
      '\u202BRose\u202C',
      '\u2067Rose\u2069',
      '\u2066Ro\u2068se\u2069',
      'Rose\u200E',
      'Rose\u200F',
      '\u061CRose',
      // Zero-width and other invisible characters: "Rose" that is not the Rose it looks like.
      'Ro\u200Bse',
      'Ro\u200Cse',
      'Ro\u200Dse',
      'Ro\u2060se\u2061\u2062\u2063\u2064',
      '\uFEFFRose',
      'Ro\u180Ese',
      'Ro\u00ADse',
      'Rose\u{E0041}\u{E0042}\u{E007F}',
      '\u115F\u1160Rose\u3164\uFFA0',
      'Ro\u034Fse',
    ];
    for (const [rule, schema] of Object.entries(nameRules)) {
      for (const spoof of spoofs) {
        expect(schema.parse(spoof), `${rule} ${JSON.stringify(spoof)}`).toBe(spoof.includes('esoR') ? 'esoR' : 'Rose');
      }
    }
  });

  it('say a name made only of invisible characters is missing', () => {
    expect(personName.parse('\u3164\u200B')).toBeNull();
    expect(familyName.safeParse('\u3164\u202E').error?.issues.map((issue) => issue.message)).toEqual([
      messages.familyNameRequired,
    ]);
    expect(username.safeParse('\u3164\u3164\u3164').error?.issues[0]?.message).toBe(messages.usernameRequired);
  });

  it('keep real scripts, and the joiners and tags that are part of how they and emoji are written', () => {
    for (const name of [
      'José Zoë Ødegård',
      'مريم',
      'שרה',
      'می\u200Cخواهم',
      'क्\u200Dष',
      'ශ්\u200Dරී',
      '日本 한국',
      '👨\u200D👩\u200D👧 family',
      '👩🏽\u200D💻 Ada',
      '🏳️\u200D🌈',
      '❤️\u200D🔥',
      '🏃\u200D♀️',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scots',
    ]) {
      expect(personName.parse(name), name).toBe(name);
      expect(eventTitle.parse(name), name).toBe(name);
    }
  });
});
