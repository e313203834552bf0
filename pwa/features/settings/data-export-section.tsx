import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api-client.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { Button } from '../../ui/button.tsx';
import * as styles from './settings-screen.css.ts';

/** What the server says of the person's newest archive (sync-server/exports/data-exports.ts `DataExport`). */
type DataExport = {
  id: string;
  status: 'waiting' | 'building' | 'ready' | 'failed';
  progress: number;
  byteSize: number | null;
  expiresAt: string | null;
  nextAllowedAt: string;
};

/** While an archive is being made, the screen asks how far it got this often. */
const pollMs = 2_000;

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Download My Data (decision 0027): one tap asks the server for an archive, the screen shows it being made
 * (and the bell says when it is ready, should the person leave), then offers it for a week.
 */
export function DataExportSection() {
  const [current, setCurrent] = useState<DataExport | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const underWay = current?.status === 'waiting' || current?.status === 'building';

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const look = async () => {
      try {
        const { export: latest } = await api.get<{ export: DataExport | null }>('/api/exports/latest');
        if (stopped) return;
        setCurrent(latest);
        if (latest?.status === 'waiting' || latest?.status === 'building') timer = window.setTimeout(look, pollMs);
      } catch {
        if (!stopped) setCurrent(null);
      }
    };
    if (current === undefined || underWay) void look();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // Looks once on opening, then every pollMs while an archive is being made.
  }, [underWay]);

  async function ask() {
    setAsking(true);
    setProblem(null);
    try {
      setCurrent((await api.post<{ export: DataExport }>('/api/exports')).export);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.body
          ? error.body.error
          : "Hearth couldn't reach its server. Try again when you're online.",
      );
    } finally {
      setAsking(false);
    }
  }

  if (current === undefined) return null;
  return (
    <div className={styles.group}>
      {underWay ? (
        <>
          <p className={styles.groupHint} id="export-progress-label">
            Making your archive… {current.progress}%. You can leave this screen: your bell will say when it is ready.
          </p>
          <progress
            className={styles.progress}
            max={100}
            value={current.progress}
            aria-labelledby="export-progress-label"
          />
        </>
      ) : current?.status === 'ready' && current.expiresAt ? (
        <>
          <p className={styles.groupHint}>
            Your archive is ready ({size(current.byteSize ?? 0)}). You can download it until{' '}
            {formatLongDate(current.expiresAt)}. Unzip it and open <strong>index.html</strong> in any browser.
          </p>
          <div className={styles.actions}>
            <Button href={`/api/exports/${current.id}/download`} download>
              Download archive
            </Button>
          </div>
        </>
      ) : (
        <>
          {current?.status === 'failed' ? (
            <p className={styles.groupHint}>Your last archive couldn't be made. Please try again.</p>
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" disabled={asking} onClick={() => void ask()}>
              Download My Data
            </Button>
          </div>
        </>
      )}
      {problem ? (
        <p role="alert" className={styles.deleteRefusal}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
