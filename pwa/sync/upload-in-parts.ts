import { limits } from '../../schema/limits.ts';

/**
 * A photo's file sent in parts (docs/decisions/0035-uploads-in-parts.md): ask the server where it stands, send the
 * next part from there, and after a cut ask again, so a slow or interrupted upload goes on where it stopped. Apart
 * from the uploader's queue, so a benchmark and the server's tests drive the same steps over Node's HTTP.
 */

/** What an upload came to: stored, refused for good (with the server's sentence), or try again later. */
export type UploadOutcome =
  { kind: 'stored' } | { kind: 'refused'; problem: string } | { kind: 'retry' } | { kind: 'signed-out' };

/** An answer's status and JSON body (null when it has none), or null when the connection failed. */
export type Exchange = { status: number; body: unknown } | null;

/** How the steps reach the server: the browser's, or Node's in a benchmark. */
export type UploadTransport = {
  ask(url: string): Promise<Exchange>;
  /** Sends `part` with `headers`, telling how many of its bytes have gone so far. */
  sendPart(url: string, part: Blob, headers: Record<string, string>, onSent: (sent: number) => void): Promise<Exchange>;
};

/** The file to send: the photo's id, its family and its bytes. */
export type FileToSend = { photoId: string; familyId: string; file: Blob };

/** An answer that is not "go on from `offset`": what the upload came to. */
export function outcomeOf(answer: Exchange): UploadOutcome {
  if (!answer) return { kind: 'retry' };
  const { status, body } = answer;
  if (status === 200 || status === 201) return { kind: 'stored' };
  if (status === 401) return { kind: 'signed-out' };
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry' };
  const problem = (body as { error?: unknown } | null)?.error;
  return { kind: 'refused', problem: typeof problem === 'string' ? problem : "Hearth couldn't keep this photo." };
}

/** The offset an answer tells the device to go on from, or null when it says something else. */
function offsetIn(answer: Exchange): number | null {
  const offset = (answer?.body as { offset?: unknown } | null)?.offset;
  return answer?.status === 200 && typeof offset === 'number' ? offset : null;
}

/** Sends one file, from where the server's bytes end to its last part; `onProgress` gets 0 to 1. */
export async function sendInParts(
  transport: UploadTransport,
  { photoId, familyId, file }: FileToSend,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  const url = `/api/families/${familyId}/photos/${photoId}/upload`;
  const length = file.size;
  const asked = await transport.ask(`${url}?length=${length}`);
  let offset = offsetIn(asked);
  if (offset === null) return outcomeOf(asked);
  // An answer that does not move the upload on twice in a row is not followed a third time: try again later.
  let unmoved = 0;
  while (unmoved < 2) {
    const from = offset;
    onProgress(from / length);
    const answer = await transport.sendPart(
      url,
      file.slice(from, from + limits.photoPartMaxBytes),
      { 'upload-offset': String(from), 'upload-length': String(length) },
      (sent) => onProgress((from + sent) / length),
    );
    const next = offsetIn(answer);
    if (next === null) return outcomeOf(answer);
    unmoved = next > from ? 0 : unmoved + 1;
    offset = next;
  }
  return { kind: 'retry' };
}

/** The browser's way: fetch to ask, XHR to send (fetch cannot report how much of a body went). */
export const browserTransport: UploadTransport = {
  async ask(url) {
    try {
      const answer = await fetch(url, { headers: { accept: 'application/json' } });
      return { status: answer.status, body: await answer.json().catch(() => null) };
    } catch {
      return null;
    }
  },
  sendPart(url, part, headers, onSent) {
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open('PATCH', url);
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader('Content-Type', 'application/offset+octet-stream');
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => onSent(event.loaded);
      request.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          // Not JSON (a proxy's page): no body.
        }
        resolve({ status: request.status, body });
      };
      request.onerror = () => resolve(null);
      request.ontimeout = () => resolve(null);
      request.send(part);
    });
  },
};
