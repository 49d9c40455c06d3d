/** A refusal no field names (a 404, the network): above the buttons, focusable to be read. */
export function FormRefusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-refusal
      className="text-sm font-medium text-red-700 dark:text-red-300"
    >
      {message}
    </p>
  );
}
