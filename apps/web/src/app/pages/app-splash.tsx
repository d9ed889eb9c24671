import './app-splash.css';

/** Shown while the first route (its lazy page and guards) resolves on a direct load. */
export function AppSplash() {
  return (
    <div className="app-splash" role="status" aria-label="Loading">
      <span className="app-splash__mark" aria-hidden="true">
        N
      </span>
    </div>
  );
}
