/**
 * The offline-start baseline's whole app (bench/offline-start.ts bundles it with esbuild): open IndexedDB, read the
 * newest 20 rows, render them with React 19. On its first visit it stores 300 rows, as Hearth's first sync fills
 * its database, and registers the service worker that lets it start offline. Once drawn, it keeps the list's HTML as
 * a picture (`bare-picture` in local storage), which the page served at /picture paints before this script runs, as
 * Hearth paints its picture of the home; the app's own list then takes the picture's place.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

type Row = { id: number; text: string; createdAt: number };

const storedRows = 300;
const shownRows = 20;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('bare-offline', 1);
    opening.onupgradeneeded = () =>
      opening.result.createObjectStore('rows', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  });
}

/** The newest rows first, as a feed shows them: a cursor backwards over the `createdAt` index. */
function newestRows(database: IDBDatabase): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    const rows: Row[] = [];
    const reading = database.transaction('rows').objectStore('rows').index('createdAt').openCursor(null, 'prev');
    reading.onsuccess = () => {
      const cursor = reading.result;
      if (cursor && rows.length < shownRows) {
        rows.push(cursor.value as Row);
        cursor.continue();
      } else {
        resolve(rows);
      }
    };
    reading.onerror = () => reject(reading.error);
  });
}

function storeRows(database: IDBDatabase): Promise<void> {
  return new Promise((resolve, reject) => {
    const writing = database.transaction('rows', 'readwrite');
    const store = writing.objectStore('rows');
    const start = Date.now();
    for (let id = 1; id <= storedRows; id += 1) {
      store.put({ id, text: `Post ${id}: news from home`, createdAt: start + id } satisfies Row);
    }
    writing.oncomplete = () => resolve();
    writing.onerror = () => reject(writing.error);
  });
}

const database = await openDatabase();
let rows = await newestRows(database);
if (rows.length === 0) {
  await storeRows(database);
  rows = await newestRows(database);
}
const root = document.getElementById('root')!;
flushSync(() =>
  createRoot(root).render(
    <ul>
      {rows.map((row) => (
        <li key={row.id} data-row>
          {row.text}
        </li>
      ))}
    </ul>,
  ),
);
document.getElementById('picture')?.replaceChildren();
localStorage.setItem('bare-picture', root.innerHTML);
void navigator.serviceWorker.register('/sw.js');
