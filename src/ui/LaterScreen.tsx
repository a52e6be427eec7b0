/** A route whose screen a later issue builds: says so plainly, with the screen's title (issue 2). */
export function LaterScreen({ title, issue }: { title: string; issue: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p>This screen is not built yet: it arrives with {issue}.</p>
    </section>
  );
}
