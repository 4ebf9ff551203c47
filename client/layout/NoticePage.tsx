/** A short page that answers a form (the feedback form's refusals): a title, what happened, the way back. */
export function NoticePage({ title, message, back }: { title: string; message: string; back: string | null }) {
  return (
    <main id="main" className="message-page" tabIndex={-1}>
      <h1>{title}</h1>
      <p>{message}</p>
      <ul className="message-actions">
        <li>
          <a href={back ?? "/"}>{back ? "Back to the page" : "Go to the home page"}</a>
        </li>
      </ul>
    </main>
  );
}
