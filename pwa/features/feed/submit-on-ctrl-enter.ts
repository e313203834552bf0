/** Ctrl+Enter (Cmd+Enter on a Mac) in a text area sends its form, as in most messaging apps. */
export function submitOnCtrlEnter(event: React.KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
