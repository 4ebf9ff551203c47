/** The 414 page: the address is longer than any page's, so it is refused before anything is looked up. */
export function TooLongPage({ limit }: { limit: number }) {
  return (
    <main id="main" className="message-page" tabIndex={-1}>
      <h1>Address Too Long</h1>
      <p>
        This address is longer than {limit.toLocaleString("en")} characters, far longer than any page of these docs has.
        It may have been cut and pasted twice, or built by a program that went wrong.
      </p>
      <ul className="message-actions">
        <li>
          <a href="/">Go to the home page</a>
        </li>
      </ul>
    </main>
  );
}
