import { publicName } from '../../schema/public-name.ts';
import { voiceNoteLength as lengthOf } from '../../schema/voice-notes.ts';
import { escapeHtml } from '../html.ts';
import type { ArchiveData } from '../repositories/archive-repository.ts';

/**
 * Times in the zone of the device the person used last, as they read them in the app (decision 0048); with no
 * device that said its zone, in UTC, and saying so. The page has no script (decision 0027), so the server writes them.
 */
function timeWords(timeZone: string | null) {
  const zone = timeZone ?? 'UTC';
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: zone });
  return {
    at: (value: unknown) => `${when.format(new Date(value as string))}${timeZone ? '' : ' UTC'}`,
    day: new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: zone }),
  };
}

function text(value: unknown): string {
  return escapeHtml(String(value ?? ''));
}

/** Paragraphs as written: line breaks kept. */
function prose(value: unknown): string {
  return text(value).replace(/\n/g, '<br>');
}

const styles = `
:root { color-scheme: light dark; --bg: #faf6f1; --card: #fff; --text: #2d2433; --muted: #6b6070; --accent: #7c4ddb;
  --line: #eee4f7; }
@media (prefers-color-scheme: dark) { :root { --bg: #1d1822; --card: #2a2330; --text: #f3edf7; --muted: #cfc4d6;
  --accent: #b99cf5; --line: #3a3142; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 18px/1.6 system-ui, sans-serif;
  overflow-wrap: anywhere; }
a { color: var(--accent); }
header, main { max-width: 46rem; margin: 0 auto; padding: 1.5rem; }
header h1 { margin: 1rem 0 0.25rem; font-size: 2rem; }
header p, .muted { color: var(--muted); margin: 0; }
nav { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
nav a { color: var(--accent); padding: 0.5rem 0.9rem; border-radius: 999px; background: var(--card); text-decoration: none; }
section { margin: 2rem 0; }
h2 { font-size: 1.4rem; margin: 0 0 1rem; }
article { background: var(--card); border-radius: 1rem; padding: 1.25rem; margin: 0 0 1rem; }
article h3 { margin: 0 0 0.25rem; font-size: 1.1rem; }
.photos { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 0.5rem; margin-top: 0.75rem; }
.photos img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 0.5rem; background: var(--line); }
figure { margin: 0; }
audio { width: 100%; margin-top: 0.5rem; }
figcaption { font-size: 0.85rem; color: var(--muted); }
.comments { border-top: 1px solid var(--line); margin-top: 0.75rem; padding-top: 0.5rem; font-size: 0.95rem; }
ul { padding-left: 1.2rem; }
`;

/**
 * The archive's front page (decision 0027): opens from the unzipped folder in any browser, with no network and no
 * script, and shows the person their posts with their photos, their photos, voice notes (each with a player), events,
 * answers and chat messages.
 */
export function archiveIndexHtml(data: ArchiveData): string {
  const profile = data.profile as {
    username: string;
    firstName: string | null;
    lastName: string | null;
    email: string;
    timeZone: string | null;
  };
  const me = publicName(profile);
  const { at, day } = timeWords(profile.timeZone);
  // All-day events are calendar days, the same everywhere (pwa/features/events/event-times.ts).
  const calendarDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  const familyName = new Map(data.families.map((family) => [family.id as string, family.name as string]));
  const photoFile = new Map(data.photos.map((photo) => [photo.id, photo.file]));
  const familyOf = (id: unknown) => text(familyName.get(id as string) ?? 'A family you left');
  const picture = (file: string, caption = '') =>
    `<figure><a href="${text(file)}"><img src="${text(file)}" alt="${text(caption)}" loading="lazy"></a>${
      caption ? `<figcaption>${text(caption)}</figcaption>` : ''
    }</figure>`;

  const posts = data.posts
    .map((post) => {
      const files = (post.photoIds as string[]).flatMap((id) =>
        photoFile.has(id) ? [photoFile.get(id) as string] : [],
      );
      const comments = post.comments as { by: string; content: string; commentType: string; createdAt: string }[];
      const said = (comment: (typeof comments)[number]) =>
        comment.commentType === 'voice' ? '<em>a voice comment</em>' : prose(comment.content);
      return `<article><h3>${familyOf(post.familyId)}</h3><p class="muted">${at(post.createdAt)}</p>
<p>${prose(post.content)}</p>${files.length ? `<div class="photos">${files.map((file) => picture(file)).join('')}</div>` : ''}${
        comments.length
          ? `<div class="comments">${comments.map((comment) => `<p><strong>${text(comment.by)}</strong>: ${said(comment)}</p>`).join('')}</div>`
          : ''
      }</article>`;
    })
    .join('\n');

  const photos = data.photos.map((photo) => picture(photo.file, photo.title ?? '')).join('');
  const voiceNotes = data.voiceNotes
    .map(
      (note) =>
        `<article><h3>${familyOf(note.familyId)}</h3><p class="muted">${at(note.createdAt)} · ${lengthOf(note.durationMs)}</p>
<audio controls preload="none" src="${text(note.playableFile)}"></audio><p><a href="${text(note.file)}">The recording as sent</a></p></article>`,
    )
    .join('\n');
  const events = data.events
    .map(
      (event) =>
        `<article><h3>${text(event.title)}</h3><p class="muted">${familyOf(event.familyId)} · ${
          event.allDay ? calendarDay.format(new Date(event.startDate as string)) : at(event.startDate)
        }${event.location ? ` · ${text(event.location)}` : ''}</p>${event.description ? `<p>${prose(event.description)}</p>` : ''}</article>`,
    )
    .join('\n');
  const tags = data.photoTags
    .map(
      (tag) =>
        `<li>${text(tag.who)} in ${tag.photoTitle ? `“${text(tag.photoTitle)}”` : 'a photo'} (tagged by ${text(tag.taggedBy)}, ${at(tag.createdAt)})</li>`,
    )
    .join('');
  const answers = { attending: 'Going', not_attending: "Can't go", pending: 'Maybe' } as Record<string, string>;
  const rsvps = data.rsvps
    .map(
      (rsvp) =>
        `<li>${text(rsvp.eventTitle)} (${at(rsvp.startDate)}): ${text(answers[rsvp.status as string] ?? rsvp.status)}</li>`,
    )
    .join('');
  const messages = data.families
    .map((family) => {
      const mine = data.messages.filter((message) => message.familyId === family.id);
      if (mine.length === 0) return '';
      return `<article><h3>${text(family.name)}</h3>${mine
        .map((message) =>
          message.messageType === 'photo' && photoFile.has(message.photoId as string)
            ? `<div class="photos">${picture(photoFile.get(message.photoId as string) as string)}</div><p class="muted">${at(message.createdAt)}</p>`
            : `<p>${prose(message.content)}<br><span class="muted">${at(message.createdAt)}</span></p>`,
        )
        .join('')}</article>`;
    })
    .join('\n');
  const families = data.families
    .map(
      (family) =>
        `<article><h3>${text(family.name)}</h3><p class="muted">Joined ${at(family.joinedAt)}${family.role === 'admin' ? ' · admin' : ''}</p><p>${(
          family.members as string[]
        )
          .map(text)
          .join(', ')}</p></article>`,
    )
    .join('\n');

  const sections: [string, string, string][] = [
    ['posts', `Your posts (${data.posts.length})`, posts || '<p class="muted">No posts.</p>'],
    [
      'photos',
      `Your photos (${data.photos.length})`,
      (photos ? `<div class="photos">${photos}</div>` : '<p class="muted">No photos.</p>') +
        (tags ? `<h2>Who is in the photos</h2><ul>${tags}</ul>` : ''),
    ],
    ['voice', `Your voice notes (${data.voiceNotes.length})`, voiceNotes || '<p class="muted">No voice notes.</p>'],
    [
      'events',
      `Your events (${data.events.length})`,
      (events || '<p class="muted">No events.</p>') + (rsvps ? `<h2>Your answers</h2><ul>${rsvps}</ul>` : ''),
    ],
    ['chat', `Your chat messages (${data.messages.length})`, messages || '<p class="muted">No messages.</p>'],
    ['families', 'Your families', families || '<p class="muted">No families.</p>'],
  ];

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(me)}'s Hearth archive</title><style>${styles}</style></head>
<body><header><h1>${text(me)}'s Hearth</h1><p>Everything you made in Hearth, as it was on ${day.format(new Date())}. The same, as
data, is in the <a href="data/">data</a> folder.</p>
<nav>${sections.map(([id, title]) => `<a href="#${id}">${text(title)}</a>`).join('')}</nav></header>
<main>${sections.map(([id, title, body]) => `<section id="${id}"><h2>${text(title)}</h2>${body}</section>`).join('\n')}</main>
</body></html>`;
}
