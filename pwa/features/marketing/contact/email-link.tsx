/** A mailto link whose address, when it must wrap on a narrow phone, wraps after the @ rather than mid-word. */
export function EmailLink({ email, className }: { email: string; className?: string }) {
  const at = email.indexOf('@');
  return (
    <a href={`mailto:${email}`} className={className}>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </a>
  );
}
