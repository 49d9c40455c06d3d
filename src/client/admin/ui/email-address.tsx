/**
 * An e-mail address that wraps only before its `@` and its dots, where a reader expects a
 * break ("samantha.longsurname / @garage-workshop / .example / .com"): never in a word, nor
 * after a hyphen. A part too long for the line alone is cut with an ellipsis; the whole address
 * stays in the title (and in the row's Remove button and the CSV export).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span title={address}>
      {parts.map((part, i) => (
        <span
          key={i}
          className="inline-block max-w-full overflow-hidden align-bottom text-ellipsis whitespace-nowrap"
        >
          {part}
        </span>
      ))}
    </span>
  );
}
