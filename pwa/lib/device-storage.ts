/**
 * The browser's localStorage, for the small things Hearth remembers on a device (theme, who is signed in, the chosen
 * family). Storage can be missing or throw (private browsing, site data blocked, a full disk): then nothing is
 * remembered, and the app carries on with what it has in memory instead of failing.
 */
export const deviceStorage = {
  read(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not remembered across visits; still in use now.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing could have been stored either.
    }
  },
};
