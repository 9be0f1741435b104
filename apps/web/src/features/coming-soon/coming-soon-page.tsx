/**
 * Stand-in for a spec 002 screen another issue is building: the route and its guard exist now
 * (so a user without the role is sent to /), the screen replaces this page when it lands.
 */
export function ComingSoonPage({ title, issue }: { title: string; issue: number }) {
  return (
    <div className="container py-4" data-testid="coming-soon">
      <h4>{title}</h4>
      <p className="text-muted">This screen is being built (issue {issue}).</p>
    </div>
  );
}
