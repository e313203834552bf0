/**
 * An iCalendar file (RFC 5545) read strictly, as the most literal calendar would: content lines end in CRLF and no
 * other line break appears anywhere, physical lines are at most 75 octets, a folded line continues after CRLF and
 * one space or tab, every line is `NAME *(;PARAM=VALUE) : VALUE` with no control character in the value but a tab
 * (nor the Unicode line breaks some readers end a line at), and components nest by BEGIN and END. Anything else
 * throws, naming the line.
 */

export type CalendarProperty = { name: string; params: string[]; value: string };
export type CalendarComponent = { name: string; properties: CalendarProperty[]; components: CalendarComponent[] };

const contentLine =
  /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*)(?:,(?:"[^"\p{Cc}]*"|[^";:,\p{Cc}]*))*)*):(.*)$/su;

export function readCalendar(file: string): CalendarComponent {
  if (/[\r\n]/.test(file.replaceAll('\r\n', ''))) throw new Error('a line break that is not CRLF');
  // The last line's CRLF may be missing (ical-generator leaves it out, and every calendar reads such files).
  const text = file.endsWith('\r\n') ? file.slice(0, -2) : file;
  for (const line of text.split('\r\n')) {
    if (Buffer.byteLength(line) > 75) throw new Error(`a line longer than 75 octets: ${line}`);
  }
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const root: CalendarComponent = { name: '', properties: [], components: [] };
  const open = [root];
  for (const line of lines) {
    const match = contentLine.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const [, name, params, value] = match as unknown as [string, string, string, string];
    if (/[\u0000-\u0008\u000A-\u001F\u007F]/.test(value)) throw new Error(`a control character in: ${line}`);
    if (/[\u0085\u2028\u2029]/.test(value)) throw new Error(`a line break some calendars end lines at in: ${line}`);
    const current = open.at(-1)!;
    if (name.toUpperCase() === 'BEGIN') {
      const component = { name: value, properties: [], components: [] };
      current.components.push(component);
      open.push(component);
    } else if (name.toUpperCase() === 'END') {
      if (open.length === 1 || current.name !== value) throw new Error(`END:${value} closes ${current.name}`);
      open.pop();
    } else {
      current.properties.push({ name, params: params ? params.slice(1).split(';') : [], value });
    }
  }
  if (open.length !== 1 || root.components.length !== 1 || root.properties.length > 0) {
    throw new Error('not one calendar with everything inside it');
  }
  return root.components[0]!;
}

/**
 * A TEXT value as a calendar shows it: `\\`, `\;`, `\,` and `\n` (or `\N`) undone. A bare `;` or `,` (which would
 * split the value into several) or any other backslash throws.
 */
export function calendarText(value: string): string {
  return value.replace(/\\(.)|[;,]/gsu, (whole, escaped: string | undefined) => {
    if (escaped === undefined) throw new Error(`an unescaped ${whole} in: ${value}`);
    if (escaped === 'n' || escaped === 'N') return '\n';
    if (escaped === '\\' || escaped === ';' || escaped === ',') return escaped;
    throw new Error(`an unknown escape \\${escaped} in: ${value}`);
  });
}

/** The component's one property of that name, or throws. */
export function onlyProperty(component: CalendarComponent, name: string): CalendarProperty {
  const found = component.properties.filter((property) => property.name === name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name}`);
  return found[0]!;
}

/** The component tree by names only: what kinds of things the file holds, whatever they say. */
export function shapeOf(component: CalendarComponent): unknown {
  return {
    name: component.name,
    properties: component.properties.map((property) => [property.name, ...property.params]),
    components: component.components.map(shapeOf),
  };
}

/**
 * Names, titles, places and descriptions that try to end their line in a calendar file and write properties or whole
 * components of their own: with CR, LF or CRLF, with `\n` typed out, with the separators of the grammar, with the line
 * breaks of Unicode (which some readers also end a line at), and long enough to be folded. None starts or ends with
 * a space, and each is at most 200 characters: each is a title the app takes as it is.
 */
export const hostileCalendarTexts: readonly string[] = [
  'Lunch\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nDESCRIPTION:Pay now\r\nEND:VALARM',
  'Lunch\nATTENDEE;CN=Mallory:mailto:mallory@example.test',
  'Lunch\rURL:https://phish.example.test/',
  'Lunch\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:fake@hearth\r\nSUMMARY:Free money\r\nDTSTART:20300101T000000Z',
  'Lunch\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Typed out',
  'Lunch;X-INJECTED=1:yes, and; more: colons, "quotes" and a trailing backslash\\',
  'Lunch\u2028END:VEVENT\u2029BEGIN:VEVENT\u0085SUMMARY:Unicode breaks',
  'END:VCALENDAR\r\nBEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Another',
  'Lunch\tand a bell\u0007 and an escape\u001b',
  `Grandma’s 80th 🎉👨‍👩‍👧 ${'Ééé 日本 '.repeat(20)}end`,
];

/** What a calendar should show of a text Hearth holds: no control characters, and every kind of line break one. */
export function shownInCalendar(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\n');
}
